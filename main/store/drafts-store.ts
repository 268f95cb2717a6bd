import type { Draft, DraftInput, DraftSummary } from '../../shared/drafts.js';
import type { SqliteDb } from './database.js';
import { prepared } from './sqlite-store.js';

/** Drafts are the laptop's own: they are never queued in the outbox. */
export function saveDraft(db: SqliteDb, draft: DraftInput, at: string): void {
  prepared(
    db,
    `INSERT INTO drafts (id, form, title, detail, state, updated_at) VALUES (@id, @form, @title, @detail, @state, @updated_at)
    ON CONFLICT (id) DO UPDATE SET form = excluded.form, title = excluded.title, detail = excluded.detail, state = excluded.state, updated_at = excluded.updated_at`,
  ).run({ ...draft, state: JSON.stringify(draft.state), updated_at: at });
}

export function listDrafts(db: SqliteDb): DraftSummary[] {
  return prepared(db, 'SELECT id, form, title, detail, updated_at FROM drafts ORDER BY updated_at DESC, id').all() as DraftSummary[];
}

export function readDraft(db: SqliteDb, id: string): Draft | null {
  const row = prepared(db, 'SELECT * FROM drafts WHERE id = ?').get(id) as (Omit<Draft, 'state'> & { state: string }) | undefined;
  return row ? { ...row, state: JSON.parse(row.state) as Draft['state'] } : null;
}

export function deleteDraft(db: SqliteDb, id: string): void {
  prepared(db, 'DELETE FROM drafts WHERE id = ?').run(id);
}
