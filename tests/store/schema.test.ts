// The migrations write every plan column by hand; this holds them to the shared field tables, so a
// field added, retyped or made optional in shared/plans/ cannot silently miss its column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPlanFields } from '../../shared/plans/common.js';
import { BENEFITS, planKinds } from '../../shared/plans/index.js';
import type { FieldSpec } from '../../shared/validation/fields.js';
import type { SqliteDb } from '../../main/store/database.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';

interface Column {
  name: string;
  type: string;
  notnull: 0 | 1;
}

/** How each kind of field is stored: booleans as 0/1 integers, dates, ids and choices as text. */
const SQLITE_TYPE: Record<FieldSpec['type'], string> = { int: 'INTEGER', bool: 'INTEGER', text: 'TEXT', date: 'TEXT', uuid: 'TEXT', choice: 'TEXT' };

let db: SqliteDb;

beforeAll(() => {
  db = openSqliteDatabase(':memory:');
});

afterAll(() => {
  db.close();
});

function columns(table: string): Map<string, Column> {
  const rows = db.prepare(`PRAGMA table_info(${table})`).all() as Column[];
  return new Map(rows.map((row) => [row.name, row]));
}

/** The column a field is stored in: the plan's employer is the `employer_id` reference. */
function columnOf(fieldName: string): string {
  return fieldName === 'employer' ? 'employer_id' : fieldName;
}

describe('the migrated schema matches the shared field tables', () => {
  it.each(BENEFITS)('plan_%s has one column per field of its kind outside the common ones, of its type, NOT NULL exactly when required', (benefit) => {
    const table = columns(`plan_${benefit}`);
    const detailFields = Object.entries(planKinds[benefit].fields as Record<string, FieldSpec>).filter(([name]) => !(name in commonPlanFields));
    expect([...table.keys()].sort()).toEqual(['plan_id', ...detailFields.map(([name]) => name)].sort());
    for (const [name, spec] of detailFields) {
      expect({ name, type: table.get(name)?.type, notNull: table.get(name)?.notnull === 1 }).toEqual({
        name,
        type: SQLITE_TYPE[spec.type],
        notNull: spec.presence === 'required',
      });
    }
  });

  it('plans has a column per common field, NOT NULL exactly when every kind requires it', () => {
    const table = columns('plans');
    for (const name of Object.keys(commonPlanFields)) {
      const specs = BENEFITS.map((benefit) => (planKinds[benefit].fields as Record<string, FieldSpec>)[name]);
      const present = specs.filter((spec): spec is FieldSpec => spec !== undefined);
      const types = new Set(present.map((spec) => SQLITE_TYPE[spec.type]));
      expect(types.size, `${name} has one type in every kind`).toBe(1);
      const column = table.get(columnOf(name));
      expect({ name, type: column?.type, notNull: column?.notnull === 1 }).toEqual({
        name,
        type: [...types][0],
        notNull: specs.every((spec) => spec?.presence === 'required'),
      });
    }
  });

  it('lists exactly the benefit kinds of the field tables in the plans.benefit check', () => {
    const ddl = (db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'plans'").get() as { sql: string }).sql;
    const listed = /benefit IN \(([^)]*)\)/
      .exec(ddl)?.[1]
      ?.split(',')
      .map((item) => item.trim().replace(/'/g, ''));
    expect(listed).toEqual([...BENEFITS]);
  });
});

describe('CHECK constraints stay cheap to evaluate', () => {
  it('lists no more than two values with IN, where SQLite would build a b-tree of the list on every statement; plans.benefit alone, kept (rebuilding plans would cascade)', () => {
    const tables = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql IS NOT NULL").all() as { name: string; sql: string }[];
    const longLists = tables.flatMap(({ name, sql }) =>
      [...sql.matchAll(/(\w+) IN \(([^)]*)\)/g)].filter((match) => match[2]!.split(',').length > 2).map((match) => `${name}.${match[1]}`),
    );
    expect(longLists).toEqual(['plans.benefit']);
  });
});
