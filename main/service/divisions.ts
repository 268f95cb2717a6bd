import { parseDivision, parseDivisionMember, type Division, type NamedRef } from '../../shared/resources/division.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { divisionFields } from '../history/record-fields.js';
import { journal } from '../journal/journal.js';
import { writeTransaction } from '../store/database.js';
import {
  deleteDivision,
  divisionEmployerIds,
  findDivisionIdByName,
  getDivisionRow,
  insertDivision,
  listDivisions,
  memberEmails,
  renameDivision,
  type DivisionRow,
} from '../store/divisions-store.js';
import { getEmployerRow } from '../store/employers-store.js';
import { addMember, findUserByEmail, removeMember, type UserRow } from '../store/users-store.js';
import { conflict, invalid, notFound } from './api-error.js';
import type { Caller } from './caller.js';
import { timestamp, type ServiceContext } from './context.js';
import { moveEmployer, visibleEmployerRow } from './employers.js';

const divisionRuleMessages = {
  unknownUser: (email: string) => `No user with the e-mail '${email}' in this account.`,
  employerWouldBeOrphaned: (id: string) => `Employer '${id}' is in this division; move it to another division instead of leaving it out.`,
  stillHoldsEmployers: (count: number) => `This division still holds ${count} employer${count === 1 ? '' : 's'}; move them to another division first.`,
};

const divisionPath = (id: string) => `/divisions/${id}/`;

export function createDivision(context: ServiceContext, caller: Caller, body: Record<string, unknown>): Division {
  caller.requireAdmin();
  return writeTransaction(context.db, () => {
    const input = validDivisionInput(context, caller, body, undefined);
    const at = timestamp(context);
    const row: DivisionRow = { id: context.newId(), account_id: caller.accountId, name: input.name, created_at: at, updated_at: at };
    insertDivision(context.db, row);
    for (const user of input.members) addMember(context.db, row.id, user.id, at);
    journalDivision(context, caller, 'create', row);
    moveEmployers(context, caller, input.employer_ids, row.id, at);
    return divisionResponse(context, row);
  });
}

/** Creates a division with no members or employers; used by bootstrap and local init. */
export function addDivisionRow(context: ServiceContext, accountId: string, name: string): DivisionRow {
  const at = timestamp(context);
  const row: DivisionRow = { id: context.newId(), account_id: accountId, name, created_at: at, updated_at: at };
  insertDivision(context.db, row);
  return row;
}

export function readDivision(context: ServiceContext, caller: Caller, id: string): Division {
  return divisionResponse(context, heldDivisionRow(context, caller, id));
}

export function replaceDivision(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Division {
  caller.requireAdmin();
  return writeTransaction(context.db, () => {
    const existing = heldDivisionRow(context, caller, id);
    const input = validDivisionInput(context, caller, body, id);
    const at = timestamp(context);
    renameDivision(context.db, id, input.name, at);
    const wanted = new Set(input.members.map((user) => user.id));
    for (const email of memberEmails(context.db, id)) {
      const member = findUserByEmail(context.db, email);
      if (member && !wanted.has(member.id)) removeMember(context.db, id, member.id);
    }
    for (const user of input.members) addMember(context.db, id, user.id, at);
    const row = { ...existing, name: input.name, updated_at: at };
    journalDivision(context, caller, 'update', row);
    moveEmployers(context, caller, input.employer_ids, id, at);
    return divisionResponse(context, row);
  });
}

export function removeDivision(context: ServiceContext, caller: Caller, id: string): void {
  caller.requireAdmin();
  writeTransaction(context.db, () => {
    heldDivisionRow(context, caller, id);
    const employers = divisionEmployerIds(context.db, id).length;
    if (employers > 0) throw conflict(divisionRuleMessages.stillHoldsEmployers(employers));
    deleteDivision(context.db, id);
    journal(context, caller.userId, { entity: 'division', op: 'delete', id, path: divisionPath(id), fields: null });
  });
}

export function addDivisionUser(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Division {
  return changeMembership(context, caller, id, body, 'addUser');
}

export function removeDivisionUser(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Division {
  return changeMembership(context, caller, id, body, 'removeUser');
}

/** Adding a member twice, or removing a non-member, is not an error: the result is what was asked. */
function changeMembership(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>, op: 'addUser' | 'removeUser'): Division {
  caller.requireAdmin();
  return writeTransaction(context.db, () => {
    const row = heldDivisionRow(context, caller, id);
    const parsed = parseDivisionMember(body);
    if (!parsed.ok) throw invalid(parsed.errors);
    const user = findUserByEmail(context.db, parsed.value.email);
    if (!user || user.account_id !== caller.accountId) throw invalid({ email: [divisionRuleMessages.unknownUser(parsed.value.email)] });
    if (op === 'addUser') addMember(context.db, id, user.id, timestamp(context));
    else removeMember(context.db, id, user.id);
    journalDivision(context, caller, op, row, user.email);
    return divisionResponse(context, row);
  });
}

export function listHeldDivisions(context: ServiceContext, caller: Caller): NamedRef[] {
  const held = caller.heldDivisionIds();
  return listDivisions(context.db, caller.accountId).filter((division) => held.has(division.id));
}

/** The division holding the employer, as a one-item list (the older API's shape). */
/** The one division an employer belongs to (the older public edition answers the object, not a list). */
export function divisionOfEmployer(context: ServiceContext, caller: Caller, employerId: string): Division {
  const employer = visibleEmployerRow(context, caller, employerId);
  return divisionResponse(context, getDivisionRow(context.db, employer.division_id)!);
}

/** Placing an employer in a division changes the employer too, so that change is journaled as well. */
function moveEmployers(context: ServiceContext, caller: Caller, employerIds: string[], divisionId: string, at: string): void {
  for (const employerId of employerIds) moveEmployer(context, caller, employerId, divisionId, at);
}

/** Journals a division's write with its fields as they now are (its name and members). */
function journalDivision(context: ServiceContext, caller: Caller, op: 'create' | 'update' | 'addUser' | 'removeUser', row: DivisionRow, member?: string): void {
  const fields = divisionFields({ name: row.name, users: memberEmails(context.db, row.id) });
  journal(context, caller.userId, {
    entity: 'division',
    op,
    id: row.id,
    path: divisionPath(row.id),
    fields,
    ...(member === undefined ? {} : { detail: member }),
  });
}

function heldDivisionRow(context: ServiceContext, caller: Caller, id: string): DivisionRow {
  const row = getDivisionRow(context.db, id);
  if (!row || row.account_id !== caller.accountId || !caller.holds(id)) throw notFound();
  return row;
}

function validDivisionInput(context: ServiceContext, caller: Caller, body: Record<string, unknown>, selfId: string | undefined) {
  const parsed = parseDivision(body);
  if (!parsed.ok) throw invalid(parsed.errors);
  const input = parsed.value;
  const errors: FieldErrors = {};
  const sameName = findDivisionIdByName(context.db, caller.accountId, input.name);
  if (sameName !== undefined && sameName !== selfId) addError(errors, 'name', messages.alreadyExists('division', 'name'));
  const members: UserRow[] = [];
  for (const email of input.users) {
    const user = findUserByEmail(context.db, email);
    if (user && user.account_id === caller.accountId) members.push(user);
    else addError(errors, 'users', divisionRuleMessages.unknownUser(email));
  }
  for (const employerId of input.employer_ids) {
    if (getEmployerRow(context.db, employerId)?.account_id !== caller.accountId) addError(errors, 'employer_ids', messages.doesNotExist(employerId));
  }
  if (selfId !== undefined) {
    const listed = new Set(input.employer_ids);
    for (const employerId of divisionEmployerIds(context.db, selfId)) {
      if (!listed.has(employerId)) addError(errors, 'employer_ids', divisionRuleMessages.employerWouldBeOrphaned(employerId));
    }
  }
  if (hasErrors(errors)) throw invalid(errors);
  return { ...input, members };
}

function divisionResponse(context: ServiceContext, row: DivisionRow): Division {
  return { id: row.id, name: row.name, users: memberEmails(context.db, row.id), employer_ids: divisionEmployerIds(context.db, row.id) };
}
