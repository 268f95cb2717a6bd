import type { EmployerInput, EmployerPlanSummary, EmployerSummary, PlanRef } from '../../shared/resources/employer.js';
import type { UsState } from '../../shared/resources/us-states.js';
import type { Benefit } from '../../shared/plans/benefits.js';
import { isPostgres, sql, type Db } from './database.js';
import { foldCase, isAscii, NON_ASCII } from './text.js';

export interface EmployerRow {
  id: string;
  account_id: string;
  division_id: string;
  name: string;
  url: string;
  size: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

export interface EmployerLists {
  naics_codes: string[];
  location_states: UsState[];
  other_filters: string[];
}

export async function getEmployerRow(db: Db, id: string): Promise<EmployerRow | undefined> {
  return (await sql(db, 'SELECT * FROM employers WHERE id = ?').get(id)) as EmployerRow | undefined;
}

export async function getEmployerLists(db: Db, id: string): Promise<EmployerLists> {
  return {
    naics_codes: (await sql(db, 'SELECT code FROM employer_naics_codes WHERE employer_id = ? ORDER BY position').pluck().all(id)) as string[],
    location_states: (await sql(db, 'SELECT state FROM employer_states WHERE employer_id = ? ORDER BY position').pluck().all(id)) as UsState[],
    other_filters: (await sql(db, 'SELECT filter_id FROM employer_filters WHERE employer_id = ? ORDER BY position').pluck().all(id)) as string[],
  };
}

/** The employer's plans split by state: a plan whose end_date is before `today` is expired. */
export async function getEmployerPlanRefs(db: Db, id: string, today: string): Promise<{ plans: PlanRef[]; plans_expired: PlanRef[] }> {
  const rows = (await sql(db, 'SELECT benefit, id, end_date < ? AS expired FROM plans WHERE employer_id = ? ORDER BY created_at, id').all(today, id)) as {
    benefit: Benefit;
    id: string;
    expired: number;
  }[];
  return {
    plans: rows.filter((row) => !row.expired).map(({ benefit, id }) => ({ benefit, id })),
    plans_expired: rows.filter((row) => row.expired).map(({ benefit, id }) => ({ benefit, id })),
  };
}

export async function findEmployerIdByName(db: Db, accountId: string, name: string): Promise<string | undefined> {
  const id = (await sql(db, 'SELECT id FROM employers WHERE account_id = ? AND name = ? COLLATE NOCASE').pluck().get(accountId, name)) as string | undefined;
  return id ?? (await foldedNameMatch(db, accountId, name));
}

/**
 * The employers of the account that already hold `name` and `url`, each undefined where none does,
 * read in one statement: on PostgreSQL both as of one commit, so that a create that lost a race
 * to another process is refused with the errors one process gives, never with half of them.
 */
export async function findEmployerIdsHolding(
  db: Db,
  accountId: string,
  name: string,
  url: string,
): Promise<{ byName: string | undefined; byUrl: string | undefined }> {
  const [byName, byUrl] = (await sql(
    db,
    `SELECT (SELECT id FROM employers WHERE account_id = ? AND name = ? COLLATE NOCASE),
      (SELECT id FROM employers WHERE account_id = ? AND url = ? COLLATE NOCASE)`,
  )
    .raw()
    .get(accountId, name, accountId, url)) as [string | null, string | null];
  return { byName: byName ?? (await foldedNameMatch(db, accountId, name)), byUrl: byUrl ?? undefined };
}

/** PostgreSQL's nocase collation folds case beyond ASCII already; SQLite's NOCASE leaves it to foldCase. */
async function foldedNameMatch(db: Db, accountId: string, name: string): Promise<string | undefined> {
  if (isAscii(name) || isPostgres(db)) return undefined;
  const folded = foldCase(name);
  const rows = (await sql(db, `SELECT id, name FROM employers WHERE account_id = ? AND ${NON_ASCII('name')}`).all(accountId)) as { id: string; name: string }[];
  return rows.find((row) => foldCase(row.name) === folded)?.id;
}

export async function insertEmployer(db: Db, row: EmployerRow, input: EmployerInput): Promise<void> {
  await sql(
    db,
    `INSERT INTO employers (id, account_id, division_id, name, url, size, created_at, created_by, updated_at, updated_by)
    VALUES (@id, @account_id, @division_id, @name, @url, @size, @created_at, @created_by, @updated_at, @updated_by)`,
  ).run(row);
  await writeEmployerLists(db, row.id, input);
}

export async function updateEmployer(db: Db, row: EmployerRow, input: EmployerInput): Promise<void> {
  await sql(
    db,
    `UPDATE employers SET division_id = @division_id, name = @name, url = @url, size = @size,
    updated_at = @updated_at, updated_by = @updated_by WHERE id = @id`,
  ).run(row);
  await writeEmployerLists(db, row.id, input);
}

/** Answers whether the employer moved (it may already be in that division). */
export async function moveEmployerToDivision(db: Db, id: string, divisionId: string, at: string, by: string): Promise<boolean> {
  return (
    (
      await sql(db, 'UPDATE employers SET division_id = ?, updated_at = ?, updated_by = ? WHERE id = ? AND division_id <> ?').run(
        divisionId,
        at,
        by,
        id,
        divisionId,
      )
    ).changes > 0
  );
}

export async function deleteEmployer(db: Db, id: string): Promise<void> {
  await sql(db, 'DELETE FROM employers WHERE id = ?').run(id);
}

async function writeEmployerLists(db: Db, id: string, input: EmployerInput): Promise<void> {
  await sql(db, 'DELETE FROM employer_naics_codes WHERE employer_id = ?').run(id);
  await sql(db, 'DELETE FROM employer_states WHERE employer_id = ?').run(id);
  await sql(db, 'DELETE FROM employer_filters WHERE employer_id = ?').run(id);
  for (const [position, code] of input.naics_codes.entries())
    await sql(db, 'INSERT INTO employer_naics_codes (employer_id, position, code) VALUES (?, ?, ?)').run(id, position, code);
  for (const [position, state] of input.location_states.entries())
    await sql(db, 'INSERT INTO employer_states (employer_id, position, state) VALUES (?, ?, ?)').run(id, position, state);
  for (const [position, filter] of input.other_filters.entries())
    await sql(db, 'INSERT INTO employer_filters (employer_id, position, filter_id) VALUES (?, ?, ?)').run(id, position, filter);
}

/**
 * One page of the account's employers in the order of listEmployerNames, those named after `after`
 * (names are unique per account without regard to case, so a name is a page's exact bound), with
 * their division: the index is walked from `after`, nothing is sorted.
 */
export async function employerNamesAfter(
  db: Db,
  accountId: string,
  after: string | undefined,
  limit: number,
): Promise<{ id: string; name: string; division_id: string }[]> {
  const rows =
    after === undefined
      ? await sql(db, 'SELECT id, name, division_id FROM employers WHERE account_id = ? ORDER BY name COLLATE NOCASE LIMIT ?').all(accountId, limit)
      : await sql(db, 'SELECT id, name, division_id FROM employers WHERE account_id = ? AND name > ? COLLATE NOCASE ORDER BY name COLLATE NOCASE LIMIT ?').all(
          accountId,
          after,
          limit,
        );
  return rows as { id: string; name: string; division_id: string }[];
}

/** Employers in any of the given divisions, by name. */
export async function listEmployerNames(db: Db, accountId: string, divisionIds: Set<string>): Promise<{ id: string; name: string }[]> {
  const rows = (await sql(db, 'SELECT id, name, division_id FROM employers WHERE account_id = ? ORDER BY name COLLATE NOCASE, id').all(accountId)) as {
    id: string;
    name: string;
    division_id: string;
  }[];
  return rows.filter((row) => divisionIds.has(row.division_id)).map(({ id, name }) => ({ id, name }));
}

/** Which rows of the employer list to read: `limit` -1 reads to the end. */
export interface SummaryWindow {
  limit: number;
  offset: number;
}

export const ALL_SUMMARIES: SummaryWindow = { limit: -1, offset: 0 };

// The list's one order. Names are unique per account without regard to case (employers_account_name),
// so this order is total, and the index walks it: a first page costs its own rows, not the account's.
const VISIBLE_EMPLOYERS = 'FROM employers WHERE account_id = @account AND division_id IN (SELECT value FROM json_each(@divisions))';
const WINDOW = `${VISIBLE_EMPLOYERS} ORDER BY name COLLATE NOCASE LIMIT @limit OFFSET @offset`;

/** How many employers of the account are in the given divisions. */
export async function countEmployers(db: Db, accountId: string, divisionIds: Set<string>): Promise<number> {
  return (await sql(db, `SELECT COUNT(*) ${VISIBLE_EMPLOYERS}`)
    .pluck()
    .get({ account: accountId, divisions: JSON.stringify([...divisionIds]) })) as number;
}

/** A window of the account's employers in the given divisions, by name, with their lists and plan counts, in five queries. */
export async function listEmployerSummaries(
  db: Db,
  accountId: string,
  divisionIds: Set<string>,
  today: string,
  window: SummaryWindow,
): Promise<EmployerSummary[]> {
  // No limit is LIMIT -1 on SQLite (which refuses NULL), LIMIT NULL on PostgreSQL (which refuses -1).
  const limit = window.limit < 0 && isPostgres(db) ? null : window.limit;
  const params = { account: accountId, divisions: JSON.stringify([...divisionIds]), limit, offset: window.offset };
  // Every row: no need to order the ids the lists below are read for.
  const ids = window.limit < 0 && window.offset === 0 ? `SELECT id ${VISIBLE_EMPLOYERS}` : `SELECT id ${WINDOW}`;
  const rows = (await sql(db, `SELECT id, name, url, size, division_id ${WINDOW}`).all(params)) as {
    id: string;
    name: string;
    url: string;
    size: string;
    division_id: string;
  }[];
  const byId = new Map<string, EmployerSummary>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      url: row.url,
      size: row.size,
      division: row.division_id,
      naics_codes: [],
      location_states: [],
      other_filters: [],
      plan_count: 0,
      expired_plan_count: 0,
    });
  }
  const lists = [
    ['code', 'employer_naics_codes', 'naics_codes'],
    ['state', 'employer_states', 'location_states'],
    ['filter_id', 'employer_filters', 'other_filters'],
  ] as const;
  for (const [column, table, key] of lists) {
    const items = (await sql(db, `SELECT employer_id, ${column} AS value FROM ${table} WHERE employer_id IN (${ids}) ORDER BY employer_id, position`).all(
      params,
    )) as {
      employer_id: string;
      value: string;
    }[];
    for (const item of items) (byId.get(item.employer_id)?.[key] as string[] | undefined)?.push(item.value);
  }
  const counts = (await sql(
    db,
    `SELECT employer_id, COUNT(*) FILTER (WHERE end_date >= @today) AS active, COUNT(*) FILTER (WHERE end_date < @today) AS expired
    FROM plans WHERE employer_id IN (${ids}) GROUP BY employer_id`,
  ).all({ ...params, today })) as {
    employer_id: string;
    active: number;
    expired: number;
  }[];
  for (const count of counts) {
    const summary = byId.get(count.employer_id);
    if (summary) Object.assign(summary, { plan_count: count.active, expired_plan_count: count.expired });
  }
  return [...byId.values()];
}

/** The employer's plans as its page lists them: newest plan year first, each marked expired when its end_date is before `today`. */
export async function listEmployerPlanSummaries(db: Db, employerId: string, today: string): Promise<EmployerPlanSummary[]> {
  const rows = (await sql(
    db,
    `SELECT benefit, id, title, carrier, start_date, end_date, end_date < ? AS expired
    FROM plans WHERE employer_id = ? ORDER BY start_date DESC, created_at, id`,
  ).all(today, employerId)) as (Omit<EmployerPlanSummary, 'expired'> & { expired: number })[];
  return rows.map((row) => ({ ...row, expired: row.expired === 1 }));
}
