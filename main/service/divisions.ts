import { parseDivision, parseDivisionMember, type Division, type NamedRef } from '../../shared/resources/division.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { divisionFields } from '../history/record-fields.js';
import { journal } from '../journal/journal.js';
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
import { timestamp, writing, type ServiceContext } from './context.js';
import { moveEmployer, visibleEmployerRow } from './employers.js';

const divisionRuleMessages = {
  unknownUser: (email: string) => `No user with the e-mail '${email}' in this account.`,
  employerWouldBeOrphaned: (id: string) => `Employer '${id}' is in this division; move it to another division instead of leaving it out.`,
  stillHoldsEmployers: (count: number) => `This division still holds ${count} employer${count === 1 ? '' : 's'}; move them to another division first.`,
};

const divisionPath = (id: string) => `/divisions/${id}/`;

export async function createDivision(context: ServiceContext, caller: Caller, body: Record<string, unknown>): Promise<Division> {
  caller.requireAdmin();
  return writing(context, async (context) => {
    const input = await validDivisionInput(context, caller, body, undefined);
    const at = timestamp(context);
    const row: DivisionRow = { id: context.newId(), account_id: caller.accountId, name: input.name, created_at: at, updated_at: at };
    await insertDivision(context.db, row);
    for (const user of input.members) await addMember(context.db, row.id, user.id, at);
    await journalDivision(context, caller, 'create', row);
    await moveEmployers(context, caller, input.employer_ids, row.id, at);
    return divisionResponse(context, row);
  });
}

/** Creates a division with no members or employers; used by bootstrap and local init. */
export async function addDivisionRow(context: ServiceContext, accountId: string, name: string): Promise<DivisionRow> {
  const at = timestamp(context);
  const row: DivisionRow = { id: context.newId(), account_id: accountId, name, created_at: at, updated_at: at };
  await insertDivision(context.db, row);
  return row;
}

export async function readDivision(context: ServiceContext, caller: Caller, id: string): Promise<Division> {
  return divisionResponse(context, await heldDivisionRow(context, caller, id));
}

export async function replaceDivision(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Promise<Division> {
  caller.requireAdmin();
  return writing(context, async (context) => {
    const existing = await heldDivisionRow(context, caller, id);
    const input = await validDivisionInput(context, caller, body, id);
    const at = timestamp(context);
    await renameDivision(context.db, id, input.name, at);
    const wanted = new Set(input.members.map((user) => user.id));
    for (const email of await memberEmails(context.db, id)) {
      const member = await findUserByEmail(context.db, email);
      if (member && !wanted.has(member.id)) await removeMember(context.db, id, member.id);
    }
    for (const user of input.members) await addMember(context.db, id, user.id, at);
    const row = { ...existing, name: input.name, updated_at: at };
    await journalDivision(context, caller, 'update', row);
    await moveEmployers(context, caller, input.employer_ids, id, at);
    return divisionResponse(context, row);
  });
}

export async function removeDivision(context: ServiceContext, caller: Caller, id: string): Promise<void> {
  caller.requireAdmin();
  await writing(context, async (context) => {
    await heldDivisionRow(context, caller, id);
    const employers = (await divisionEmployerIds(context.db, id)).length;
    if (employers > 0) throw conflict(divisionRuleMessages.stillHoldsEmployers(employers));
    await deleteDivision(context.db, id);
    journal(context, caller.userId, { entity: 'division', op: 'delete', id, path: divisionPath(id), fields: null });
  });
}

export function addDivisionUser(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Promise<Division> {
  return changeMembership(context, caller, id, body, 'addUser');
}

export function removeDivisionUser(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Promise<Division> {
  return changeMembership(context, caller, id, body, 'removeUser');
}

/** Adding a member twice, or removing a non-member, is not an error: the result is what was asked. */
async function changeMembership(
  context: ServiceContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
  op: 'addUser' | 'removeUser',
): Promise<Division> {
  caller.requireAdmin();
  return writing(context, async (context) => {
    const row = await heldDivisionRow(context, caller, id);
    const parsed = parseDivisionMember(body);
    if (!parsed.ok) throw invalid(parsed.errors);
    const user = await findUserByEmail(context.db, parsed.value.email);
    if (!user || user.account_id !== caller.accountId) throw invalid({ email: [divisionRuleMessages.unknownUser(parsed.value.email)] });
    if (op === 'addUser') await addMember(context.db, id, user.id, timestamp(context));
    else await removeMember(context.db, id, user.id);
    await journalDivision(context, caller, op, row, user.email);
    return divisionResponse(context, row);
  });
}

export async function listHeldDivisions(context: ServiceContext, caller: Caller): Promise<NamedRef[]> {
  const held = await caller.heldDivisionIds(context.db);
  return (await listDivisions(context.db, caller.accountId)).filter((division) => held.has(division.id));
}

/** The division holding the employer, as a one-item list (the older API's shape). */
/** The one division an employer belongs to (the older public edition answers the object, not a list). */
export async function divisionOfEmployer(context: ServiceContext, caller: Caller, employerId: string): Promise<Division> {
  const employer = await visibleEmployerRow(context, caller, employerId);
  return divisionResponse(context, (await getDivisionRow(context.db, employer.division_id))!);
}

/** Placing an employer in a division changes the employer too, so that change is journaled as well. */
async function moveEmployers(context: ServiceContext, caller: Caller, employerIds: string[], divisionId: string, at: string): Promise<void> {
  for (const employerId of employerIds) await moveEmployer(context, caller, employerId, divisionId, at);
}

/** Journals a division's write with its fields as they now are (its name and members). */
async function journalDivision(
  context: ServiceContext,
  caller: Caller,
  op: 'create' | 'update' | 'addUser' | 'removeUser',
  row: DivisionRow,
  member?: string,
): Promise<void> {
  const fields = divisionFields({ name: row.name, users: await memberEmails(context.db, row.id) });
  journal(context, caller.userId, {
    entity: 'division',
    op,
    id: row.id,
    path: divisionPath(row.id),
    fields,
    ...(member === undefined ? {} : { detail: member }),
  });
}

async function heldDivisionRow(context: ServiceContext, caller: Caller, id: string): Promise<DivisionRow> {
  const row = await getDivisionRow(context.db, id);
  if (!row || row.account_id !== caller.accountId || !(await caller.holds(context.db, id))) throw notFound();
  return row;
}

async function validDivisionInput(context: ServiceContext, caller: Caller, body: Record<string, unknown>, selfId: string | undefined) {
  const parsed = parseDivision(body);
  if (!parsed.ok) throw invalid(parsed.errors);
  const input = parsed.value;
  const errors: FieldErrors = {};
  const sameName = await findDivisionIdByName(context.db, caller.accountId, input.name);
  if (sameName !== undefined && sameName !== selfId) addError(errors, 'name', messages.alreadyExists('division', 'name'));
  const members: UserRow[] = [];
  for (const email of input.users) {
    const user = await findUserByEmail(context.db, email);
    if (user && user.account_id === caller.accountId) members.push(user);
    else addError(errors, 'users', divisionRuleMessages.unknownUser(email));
  }
  for (const employerId of input.employer_ids) {
    if ((await getEmployerRow(context.db, employerId))?.account_id !== caller.accountId) addError(errors, 'employer_ids', messages.doesNotExist(employerId));
  }
  if (selfId !== undefined) {
    const listed = new Set(input.employer_ids);
    for (const employerId of await divisionEmployerIds(context.db, selfId)) {
      if (!listed.has(employerId)) addError(errors, 'employer_ids', divisionRuleMessages.employerWouldBeOrphaned(employerId));
    }
  }
  if (hasErrors(errors)) throw invalid(errors);
  return { ...input, members };
}

async function divisionResponse(context: ServiceContext, row: DivisionRow): Promise<Division> {
  return { id: row.id, name: row.name, users: await memberEmails(context.db, row.id), employer_ids: await divisionEmployerIds(context.db, row.id) };
}
