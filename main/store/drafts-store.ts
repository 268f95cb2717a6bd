import type { Draft, DraftInput, DraftSummary } from '../../shared/drafts.js';
import { sql, type Db } from './database.js';

/** Drafts are the laptop's own: they are never queued in the outbox. */
export function saveDraft(db: Db, draft: DraftInput, at: string): void {
  sql(
    db,
    `INSERT INTO drafts (id, form, title, detail, state, updated_at) VALUES (@id, @form, @title, @detail, @state, @updated_at)
    ON CONFLICT (id) DO UPDATE SET form = excluded.form, title = excluded.title, detail = excluded.detail, state = excluded.state, updated_at = excluded.updated_at`,
  ).run({ ...draft, state: JSON.stringify(draft.state), updated_at: at });
}

export function listDrafts(db: Db): DraftSummary[] {
  return sql(db, 'SELECT id, form, title, detail, updated_at FROM drafts ORDER BY updated_at DESC, id').all() as DraftSummary[];
}

export function readDraft(db: Db, id: string): Draft | null {
  const row = sql(db, 'SELECT * FROM drafts WHERE id = ?').get(id) as (Omit<Draft, 'state'> & { state: string }) | undefined;
  return row ? { ...row, state: JSON.parse(row.state) as Draft['state'] } : null;
}

export function deleteDraft(db: Db, id: string): void {
  sql(db, 'DELETE FROM drafts WHERE id = ?').run(id);
}
