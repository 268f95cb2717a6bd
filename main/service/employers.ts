import { parseEmployer, type Employer, type EmployerInput, type EmployerPlanSummary, type EmployerSummary } from '../../shared/resources/employer.js';
import type { Page } from '../../shared/resources/page.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { employerFields } from '../history/record-fields.js';
import { journal } from '../journal/journal.js';
import {
  ALL_SUMMARIES,
  countEmployers,
  deleteEmployer,
  findEmployerIdsHolding,
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
import { timestamp, today, writing, type ServiceContext } from './context.js';

const employerPath = (id: string) => `/employers/${id}/`;
const SUMMARIES_PATH = '/employers/summaries/';

export function createEmployer(context: ServiceContext, caller: Caller, body: Record<string, unknown>): Promise<Employer> {
  return writing(context, async (context) => {
    const input = await validEmployerInput(context, caller, body, undefined);
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
    await insertEmployer(context.db, row, input);
    const employer = await employerResponse(context, row);
    journal(context, caller.userId, { entity: 'employer', op: 'create', id: row.id, path: employerPath(row.id), fields: employerFields(employer) });
    return employer;
  });
}

export async function getEmployer(context: ServiceContext, caller: Caller, id: string): Promise<Employer> {
  return employerResponse(context, await visibleEmployerRow(context, caller, id));
}

export function replaceEmployer(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Promise<Employer> {
  return writing(context, async (context) => {
    const existing = await visibleEmployerRow(context, caller, id);
    const input = await validEmployerInput(context, caller, body, id);
    const row: EmployerRow = {
      ...existing,
      division_id: input.division,
      name: input.name,
      url: input.url,
      size: input.size,
      updated_at: timestamp(context),
      updated_by: caller.userId,
    };
    await updateEmployer(context.db, row, input);
    const employer = await employerResponse(context, row);
    journal(context, caller.userId, { entity: 'employer', op: 'update', id, path: employerPath(id), fields: employerFields(employer) });
    return employer;
  });
}

/** Deletes the employer and, with it, all its plans. */
export async function removeEmployer(context: ServiceContext, caller: Caller, id: string): Promise<void> {
  await writing(context, async (context) => {
    await visibleEmployerRow(context, caller, id);
    await deleteEmployer(context.db, id);
    journal(context, caller.userId, { entity: 'employer', op: 'delete', id, path: employerPath(id), fields: null });
  });
}

/**
 * Places an employer of the caller's account in a division (a division's write does); answers
 * whether it moved. A move is a change of the employer, journaled as such.
 */
export async function moveEmployer(context: ServiceContext, caller: Caller, id: string, divisionId: string, at: string): Promise<boolean> {
  if (!(await moveEmployerToDivision(context.db, id, divisionId, at, caller.userId))) return false;
  const employer = await employerResponse(context, (await getEmployerRow(context.db, id))!);
  journal(context, caller.userId, { entity: 'employer', op: 'update', id, path: employerPath(id), fields: employerFields(employer) });
  return true;
}

export async function listEmployers(context: ServiceContext, caller: Caller): Promise<{ id: string; name: string }[]> {
  return listEmployerNames(context.db, caller.accountId, await caller.heldDivisionIds(context.db));
}

/**
 * listEmployers a page at a time: up to `limit` employers of the account after `after` (a name the
 * last page gave), those the caller can see among them, and the name to read the next page after
 * (none after the last page).
 */
export async function listEmployersPage(
  context: ServiceContext,
  caller: Caller,
  after: string | undefined,
  limit: number,
): Promise<{ employers: { id: string; name: string }[]; next: string | undefined }> {
  const divisions = await caller.heldDivisionIds(context.db);
  const rows = await employerNamesAfter(context.db, caller.accountId, after, limit);
  return {
    employers: rows.filter((row) => divisions.has(row.division_id)).map(({ id, name }) => ({ id, name })),
    next: rows.length === limit ? rows.at(-1)!.name : undefined,
  };
}

/**
 * The app's employer list: every visible employer with what its search and filters need, by name;
 * with `?limit=` (and `?offset=`) one window of them and the total, so a first screenful need not wait for the rest.
 */
export async function employerSummaries(context: ServiceContext, caller: Caller, query: URLSearchParams): Promise<EmployerSummary[] | Page<EmployerSummary>> {
  const window = pageWindow(query);
  const divisions = await caller.heldDivisionIds(context.db);
  if (!window) return listEmployerSummaries(context.db, caller.accountId, divisions, today(context), ALL_SUMMARIES);
  const results = await listEmployerSummaries(context.db, caller.accountId, divisions, today(context), window);
  return pageOf(SUMMARIES_PATH, window, await countEmployers(context.db, caller.accountId, divisions), results);
}

/** What the employer's page lists of its plans, every kind in one answer. */
export async function employerPlans(context: ServiceContext, caller: Caller, id: string): Promise<EmployerPlanSummary[]> {
  await visibleEmployerRow(context, caller, id);
  return listEmployerPlanSummaries(context.db, id, today(context));
}

/** The employer row when it exists in the caller's account and a division the caller holds; otherwise 404. */
export async function visibleEmployerRow(context: ServiceContext, caller: Caller, id: string): Promise<EmployerRow> {
  const row = await getEmployerRow(context.db, id);
  if (!row || row.account_id !== caller.accountId || !(await caller.holds(context.db, row.division_id))) throw notFound();
  return row;
}

export async function isVisibleEmployer(context: ServiceContext, caller: Caller, id: string): Promise<boolean> {
  const row = await getEmployerRow(context.db, id);
  return row !== undefined && row.account_id === caller.accountId && (await caller.holds(context.db, row.division_id));
}

async function validEmployerInput(context: ServiceContext, caller: Caller, body: Record<string, unknown>, selfId: string | undefined): Promise<EmployerInput> {
  const parsed = parseEmployer(body);
  if (!parsed.ok) throw invalid(parsed.errors);
  const input = parsed.value;
  const errors: FieldErrors = {};
  if (!(await caller.holds(context.db, input.division))) addError(errors, 'division', messages.doesNotExist(input.division));
  const filters = await accountFilterIds(context.db, caller.accountId);
  for (const filter of input.other_filters) {
    if (!filters.has(filter)) addError(errors, 'other_filters', messages.doesNotExist(filter));
  }
  const { byName, byUrl } = await findEmployerIdsHolding(context.db, caller.accountId, input.name, input.url);
  if (byName !== undefined && byName !== selfId) addError(errors, 'name', messages.alreadyExists('employer', 'name'));
  if (byUrl !== undefined && byUrl !== selfId) addError(errors, 'url', messages.alreadyExists('employer', 'url'));
  if (hasErrors(errors)) throw invalid(errors);
  return input;
}

async function employerResponse(context: ServiceContext, row: EmployerRow): Promise<Employer> {
  const lists = await getEmployerLists(context.db, row.id);
  const plans = await getEmployerPlanRefs(context.db, row.id, today(context));
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
