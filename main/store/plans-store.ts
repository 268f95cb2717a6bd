import { commonPlanFields } from '../../shared/plans/common.js';
import { planKind, type Benefit } from '../../shared/plans/index.js';
import type { FieldSpec } from '../../shared/validation/fields.js';
import { sql, type Db } from './database.js';

/** The column a field is stored in: the plan's employer is the `employer_id` reference. */
const columnOf = (field: string) => (field === 'employer' ? 'employer_id' : field);

/** Columns of the `plans` table shared by every kind (pt is null for kinds without it); the rest live in `plan_<benefit>`. */
const COMMON_COLUMNS = Object.keys(commonPlanFields).map(columnOf);

/** What a plan's row says besides its fields, first in every SELECT of plans (`KindColumns.selectOne`, `selectMany`). */
const META_COLUMNS = ['id', 'employer_id', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const;

export interface PlanMeta {
  id: string;
  benefit: Benefit;
  employer_id: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

export type PlanValues = Record<string, string | number | boolean | null>;

/**
 * A kind's columns and its INSERT and UPDATE texts, built once per kind. Values are bound by
 * position: binding ~60 parameters by name cost as much as the rest of the INSERT in profiles.
 */
interface KindColumns {
  detail: string[];
  booleans: ReadonlySet<string>;
  /** SELECTs of one plan (by id) and of many (by a JSON array of ids) of the kind: the meta columns (META_COLUMNS), then one per field in field order. */
  selectOne: string;
  selectMany: string;
  insertCommon: string;
  insertDetail: string;
  updateCommon: string;
  updateDetail: string;
}

const WRITTEN_COMMON_COLUMNS = [...COMMON_COLUMNS, 'updated_at', 'updated_by'];
const INSERT_COMMON_COLUMNS = [...WRITTEN_COMMON_COLUMNS, 'benefit', 'created_at', 'created_by', 'id'];

const kindColumns = new Map<Benefit, KindColumns>();

function columnsOf(benefit: Benefit): KindColumns {
  let columns = kindColumns.get(benefit);
  if (!columns) {
    const entries = Object.entries(planKind(benefit).fields) as [string, FieldSpec][];
    const detail = entries.map(([name]) => name).filter((name) => !(name in commonPlanFields));
    const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');
    const assignments = (names: string[]) => names.map((name) => `${quoted(name)} = ?`).join(', ');
    const select = `SELECT ${[...META_COLUMNS.map((column) => `plans.${column}`), ...entries.map(([name]) => quoted(columnOf(name)))].join(', ')}
      FROM plans JOIN plan_${benefit} ON plan_${benefit}.plan_id = plans.id`;
    columns = {
      detail,
      booleans: new Set(entries.filter(([, spec]) => spec.type === 'bool').map(([name]) => name)),
      selectOne: `${select} WHERE plans.id = ?`,
      selectMany: `${select} WHERE plans.id IN (SELECT value FROM json_each(?))`,
      insertCommon: `INSERT INTO plans (${INSERT_COMMON_COLUMNS.map(quoted).join(', ')}) VALUES (${placeholders(INSERT_COMMON_COLUMNS.length)})`,
      insertDetail: `INSERT INTO plan_${benefit} (${[...detail, 'plan_id'].map(quoted).join(', ')}) VALUES (${placeholders(detail.length + 1)})`,
      updateCommon: `UPDATE plans SET ${assignments(WRITTEN_COMMON_COLUMNS)} WHERE id = ?`,
      updateDetail: `UPDATE plan_${benefit} SET ${assignments(detail)} WHERE plan_id = ?`,
    };
    kindColumns.set(benefit, columns);
  }
  return columns;
}

type Column = string | number | null;

const asColumn = (value: PlanValues[string] | undefined): Column => (typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? null));

/** The common columns a write sets, in WRITTEN_COMMON_COLUMNS order. */
function writtenCommon(meta: PlanMeta, values: PlanValues): Column[] {
  return [...COMMON_COLUMNS.map((column) => (column === 'employer_id' ? meta.employer_id : asColumn(values[column]))), meta.updated_at, meta.updated_by];
}

export async function insertPlan(db: Db, meta: PlanMeta, values: PlanValues): Promise<void> {
  const { detail, insertCommon, insertDetail } = columnsOf(meta.benefit);
  await sql(db, insertCommon).run([...writtenCommon(meta, values), meta.benefit, meta.created_at, meta.created_by, meta.id]);
  await sql(db, insertDetail).run([...detail.map((name) => asColumn(values[name])), meta.id]);
}

export async function updatePlan(db: Db, meta: PlanMeta, values: PlanValues): Promise<void> {
  const { detail, updateCommon, updateDetail } = columnsOf(meta.benefit);
  await sql(db, updateCommon).run([...writtenCommon(meta, values), meta.id]);
  await sql(db, updateDetail).run([...detail.map((name) => asColumn(values[name])), meta.id]);
}

export async function deletePlan(db: Db, id: string): Promise<void> {
  await sql(db, 'DELETE FROM plans WHERE id = ?').run(id);
}

export interface PlanHeader {
  id: string;
  benefit: Benefit;
  employer_id: string;
  title: string;
  carrier: string;
  start_date: string;
  end_date: string;
}

export async function getPlanHeader(db: Db, id: string): Promise<PlanHeader | undefined> {
  return (await sql(db, 'SELECT id, benefit, employer_id, title, carrier, start_date, end_date FROM plans WHERE id = ?').get(id)) as PlanHeader | undefined;
}

/** The plan's meta and its field values in the kind's field order, booleans as booleans. */
export async function getPlan(db: Db, benefit: Benefit, id: string): Promise<{ meta: PlanMeta; values: PlanValues } | undefined> {
  const row = (await rowsOf(db, planSelectText(benefit)).get(id)) as PlanRow | undefined;
  return row ? planFromRow(benefit, row) : undefined;
}

/** `getPlan` for many plans of one kind in one query; ids that are not plans of that kind are absent from the map. */
export async function getPlans(db: Db, benefit: Benefit, ids: readonly string[]): Promise<Map<string, { meta: PlanMeta; values: PlanValues }>> {
  const rows = (await rowsOf(db, columnsOf(benefit).selectMany).all(JSON.stringify(ids))) as PlanRow[];
  return new Map(rows.map((row) => [row[0] as string, planFromRow(benefit, row)]));
}

/** The SELECT of one plan of the kind by id, its rows read as arrays (`PlanRow`): for the record history's reads on a workspace's own connection. */
export function planSelectText(benefit: Benefit): string {
  return columnsOf(benefit).selectOne;
}

/** A row as its values in column order: better-sqlite3 would give each of a plan's ~75 columns its own key, a 5 KB object. */
export type PlanRow = (string | number | null)[];

/** The statement of `text`, answering rows as arrays (its text is used only here, so the mode is its own). */
function rowsOf(db: Db, text: string) {
  return sql(db, text).raw(true);
}

export function planFromRow(benefit: Benefit, row: PlanRow): { meta: PlanMeta; values: PlanValues } {
  const { booleans } = columnsOf(benefit);
  const kind = planKind(benefit);
  const values = kind.blankRecord() as PlanValues;
  kind.fieldNames.forEach((name, index) => {
    const value = row[META_COLUMNS.length + index] ?? null;
    values[name] = value !== null && booleans.has(name) ? value === 1 : value;
  });
  const [id, employerId, createdAt, createdBy, updatedAt, updatedBy] = row as string[];
  const meta: PlanMeta = {
    id: id!,
    benefit,
    employer_id: employerId!,
    created_at: createdAt!,
    created_by: createdBy!,
    updated_at: updatedAt!,
    updated_by: updatedBy!,
  };
  return { meta, values };
}

export async function findPlanIdByTitle(db: Db, employerId: string, benefit: Benefit, title: string): Promise<string | undefined> {
  return (await sql(db, 'SELECT id FROM plans WHERE employer_id = ? AND benefit = ? AND title = ? COLLATE NOCASE').pluck().get(employerId, benefit, title)) as
    string | undefined;
}

export interface Renewal {
  title: string;
  employer_id: string;
  start_date: string;
}

/** The plans renewed or converted from this one. */
export async function renewalsOf(db: Db, id: string): Promise<Renewal[]> {
  return (await sql(db, 'SELECT title, employer_id, start_date FROM plans WHERE from_plan = ? ORDER BY start_date').all(id)) as Renewal[];
}

/** Every plan's id and kind, by employer name, kind, start date and title: the order of a workspace export. */
export async function planIdsForExport(db: Db): Promise<{ id: string; benefit: Benefit }[]> {
  return (await sql(
    db,
    `SELECT p.id, p.benefit FROM plans p JOIN employers e ON e.id = p.employer_id
    ORDER BY e.name COLLATE NOCASE, p.benefit, p.start_date, p.title COLLATE NOCASE`,
  ).all()) as { id: string; benefit: Benefit }[];
}

/** Field names are ours, but some are SQL keywords (`add`). */
function quoted(column: string): string {
  return `"${column}"`;
}

/** The ids of an employer's plans. */
export async function plansOfEmployer(db: Db, employerId: string): Promise<string[]> {
  return (await sql(db, 'SELECT id FROM plans WHERE employer_id = ?').pluck().all(employerId)) as string[];
}
