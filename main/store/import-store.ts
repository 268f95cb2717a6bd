import type { ColumnMapping, ImportKind } from '../../shared/import-table.js';
import type { Benefit } from '../../shared/plans/benefits.js';
import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';

/** Column matches are the laptop's own, like drafts: never queued in the outbox. */
export function rememberMapping(db: SqliteDb, kind: ImportKind, headers: readonly string[], mapping: ColumnMapping, at: string): void {
  prepared(
    db,
    `INSERT INTO import_mappings (kind, headers, mapping, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (kind, headers) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`,
  ).run(kind, JSON.stringify(headers), JSON.stringify(mapping), at);
}

export function rememberedMapping(db: SqliteDb, kind: ImportKind, headers: readonly string[]): ColumnMapping | undefined {
  const text = prepared(db, 'SELECT mapping FROM import_mappings WHERE kind = ? AND headers = ?').pluck().get(kind, JSON.stringify(headers)) as
    string | undefined;
  return text === undefined ? undefined : (JSON.parse(text) as ColumnMapping);
}

/** The plan of this employer and kind with this title (in any case) and start date, if there is one. */
export function findPlanId(db: SqliteDb, employerId: string, benefit: Benefit, title: string, startDate: string): string | undefined {
  return prepared(db, 'SELECT id FROM plans WHERE employer_id = ? AND benefit = ? AND title = ? COLLATE NOCASE AND start_date = ?')
    .pluck()
    .get(employerId, benefit, title, startDate) as string | undefined;
}
