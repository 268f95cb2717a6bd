import { parseEmployer, type Employer, type EmployerInput, type EmployerPlanSummary, type EmployerSummary } from '../../shared/resources/employer.js';
import type { Page } from '../../shared/resources/page.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { employerFields } from '../history/record-fields.js';
import { journal } from '../journal/journal.js';
import { writeTransaction } from '../store/database.js';
import {
  ALL_SUMMARIES,
  countEmployers,
  deleteEmployer,
  findEmployerIdByName,
  findEmployerIdByUrl,
  getEmployerLists,
  getEmployerPlanRefs,
  getEmployerRow,
  insertEmployer,
  employerNamesAfter,
  listEmployerNames,
  listEmployerPlanSummaries,
  listEmployerSummaries,
  moveEmployerToDivision,
  updateEmployer,
  type EmployerRow,
} from '../store/employers-store.js';
import { accountFilterIds } from '../store/filters-store.js';
import { invalid, notFound } from './api-error.js';
import type { Caller } from './caller.js';
import { pageOf, pageWindow } from './pagination.js';
import { timestamp, today, type ServiceContext } from './context.js';

const employerPath = (id: string) => `/employers/${id}/`;
const SUMMARIES_PATH = '/employers/summaries/';

export function createEmployer(context: ServiceContext, caller: Caller, body: Record<string, unknown>): Employer {
  return writeTransaction(context.db, () => {
    const input = validEmployerInput(context, caller, body, undefined);
    const at = timestamp(context);
    const row: EmployerRow = {
      id: context.newId(),
      account_id: caller.accountId,
      division_id: input.division,
      name: input.name,
      url: input.url,
      size: input.size,
      created_at: at,
      created_by: caller.userId,
      updated_at: at,
      updated_by: caller.userId,
    };
    insertEmployer(context.db, row, input);
    const employer = employerResponse(context, row);
    journal(context, caller.userId, { entity: 'employer', op: 'create', id: row.id, path: employerPath(row.id), fields: employerFields(employer) });
    return employer;
  });
}

export function getEmployer(context: ServiceContext, caller: Caller, id: string): Employer {
  return employerResponse(context, visibleEmployerRow(context, caller, id));
}

export function replaceEmployer(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Employer {
  return writeTransaction(context.db, () => {
    const existing = visibleEmployerRow(context, caller, id);
    const input = validEmployerInput(context, caller, body, id);
    const row: EmployerRow = {
      ...existing,
      division_id: input.division,
      name: input.name,
      url: input.url,
      size: input.size,
      updated_at: timestamp(context),
      updated_by: caller.userId,
    };
    updateEmployer(context.db, row, input);
    const employer = employerResponse(context, row);
    journal(context, caller.userId, { entity: 'employer', op: 'update', id, path: employerPath(id), fields: employerFields(employer) });
    return employer;
  });
}

/** Deletes the employer and, with it, all its plans. */
export function removeEmployer(context: ServiceContext, caller: Caller, id: string): void {
  writeTransaction(context.db, () => {
    visibleEmployerRow(context, caller, id);
    deleteEmployer(context.db, id);
    journal(context, caller.userId, { entity: 'employer', op: 'delete', id, path: employerPath(id), fields: null });
  });
}

/**
 * Places an employer of the caller's account in a division (a division's write does); answers
 * whether it moved. A move is a change of the employer, journaled as such.
 */
export function moveEmployer(context: ServiceContext, caller: Caller, id: string, divisionId: string, at: string): boolean {
  if (!moveEmployerToDivision(context.db, id, divisionId, at, caller.userId)) return false;
  const employer = employerResponse(context, getEmployerRow(context.db, id)!);
  journal(context, caller.userId, { entity: 'employer', op: 'update', id, path: employerPath(id), fields: employerFields(employer) });
  return true;
}

export function listEmployers(context: ServiceContext, caller: Caller): { id: string; name: string }[] {
  return listEmployerNames(context.db, caller.accountId, caller.heldDivisionIds());
}

/**
 * listEmployers a page at a time: up to `limit` employers of the account after `after` (a name the
 * last page gave), those the caller can see among them, and the name to read the next page after
 * (none after the last page).
 */
export function listEmployersPage(
  context: ServiceContext,
  caller: Caller,
  after: string | undefined,
  limit: number,
): { employers: { id: string; name: string }[]; next: string | undefined } {
  const divisions = caller.heldDivisionIds();
  const rows = employerNamesAfter(context.db, caller.accountId, after, limit);
  return {
    employers: rows.filter((row) => divisions.has(row.division_id)).map(({ id, name }) => ({ id, name })),
    next: rows.length === limit ? rows.at(-1)!.name : undefined,
  };
}

/**
 * The app's employer list: every visible employer with what its search and filters need, by name;
 * with `?limit=` (and `?offset=`) one window of them and the total, so a first screenful need not wait for the rest.
 */
export function employerSummaries(context: ServiceContext, caller: Caller, query: URLSearchParams): EmployerSummary[] | Page<EmployerSummary> {
  const window = pageWindow(query);
  const divisions = caller.heldDivisionIds();
  if (!window) return listEmployerSummaries(context.db, caller.accountId, divisions, today(context), ALL_SUMMARIES);
  const results = listEmployerSummaries(context.db, caller.accountId, divisions, today(context), window);
  return pageOf(SUMMARIES_PATH, window, countEmployers(context.db, caller.accountId, divisions), results);
}

/** What the employer's page lists of its plans, every kind in one answer. */
export function employerPlans(context: ServiceContext, caller: Caller, id: string): EmployerPlanSummary[] {
  visibleEmployerRow(context, caller, id);
  return listEmployerPlanSummaries(context.db, id, today(context));
}

/** The employer row when it exists in the caller's account and a division the caller holds; otherwise 404. */
export function visibleEmployerRow(context: ServiceContext, caller: Caller, id: string): EmployerRow {
  const row = getEmployerRow(context.db, id);
  if (!row || row.account_id !== caller.accountId || !caller.holds(row.division_id)) throw notFound();
  return row;
}

export function isVisibleEmployer(context: ServiceContext, caller: Caller, id: string): boolean {
  const row = getEmployerRow(context.db, id);
  return row !== undefined && row.account_id === caller.accountId && caller.holds(row.division_id);
}

function validEmployerInput(context: ServiceContext, caller: Caller, body: Record<string, unknown>, selfId: string | undefined): EmployerInput {
  const parsed = parseEmployer(body);
  if (!parsed.ok) throw invalid(parsed.errors);
  const input = parsed.value;
  const errors: FieldErrors = {};
  if (!caller.holds(input.division)) addError(errors, 'division', messages.doesNotExist(input.division));
  const filters = accountFilterIds(context.db, caller.accountId);
  for (const filter of input.other_filters) {
    if (!filters.has(filter)) addError(errors, 'other_filters', messages.doesNotExist(filter));
  }
  const sameName = findEmployerIdByName(context.db, caller.accountId, input.name);
  if (sameName !== undefined && sameName !== selfId) addError(errors, 'name', messages.alreadyExists('employer', 'name'));
  const sameUrl = findEmployerIdByUrl(context.db, caller.accountId, input.url);
  if (sameUrl !== undefined && sameUrl !== selfId) addError(errors, 'url', messages.alreadyExists('employer', 'url'));
  if (hasErrors(errors)) throw invalid(errors);
  return input;
}

function employerResponse(context: ServiceContext, row: EmployerRow): Employer {
  const lists = getEmployerLists(context.db, row.id);
  const plans = getEmployerPlanRefs(context.db, row.id, today(context));
  return {
    id: row.id,
    account: row.account_id,
    name: row.name,
    url: row.url,
    size: row.size,
    naics_codes: lists.naics_codes,
    location_states: lists.location_states,
    other_filters: lists.other_filters,
    division: row.division_id,
    plans: plans.plans,
    plans_expired: plans.plans_expired,
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  };
}
