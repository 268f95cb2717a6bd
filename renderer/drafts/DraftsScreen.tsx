import { useEffect, useState } from 'react';
import type { DraftSummary } from '../../shared/drafts';
import { navigate, type Route } from '../app/routes';
import { bridge } from '../bridge/bridge';
import { deleteDraft } from './draft-journal';

/** Where a draft is resumed: the wizard for plans, the employer form for employers. */
function routeOfDraft(draft: Pick<DraftSummary, 'id' | 'form'> & { employerId?: string | undefined }): Route {
  if (draft.form === 'plan') return { name: 'wizard', draftId: draft.id };
  return draft.employerId ? { name: 'employer-edit', id: draft.employerId, draftId: draft.id } : { name: 'employer-new', draftId: draft.id };
}

/** Everything typed and not yet saved, newest first: resume it or throw it away. */
export function DraftsScreen() {
  const [drafts, setDrafts] = useState<DraftSummary[] | undefined>(undefined);
  const refresh = () => void bridge.drafts().then(setDrafts);
  useEffect(refresh, []);

  async function resume(draft: DraftSummary) {
    const full = await bridge.readDraft(draft.id);
    const employerId = (full?.state as { employerId?: string } | null)?.employerId;
    navigate(routeOfDraft({ ...draft, employerId: draft.form === 'employer' ? employerId : undefined }));
  }

  async function discard(draft: DraftSummary) {
    if (!window.confirm(`Discard the draft "${draft.title}"? What was typed in it is lost.`)) return;
    await deleteDraft(draft.id);
    refresh();
  }

  return (
    <section aria-labelledby="drafts-heading">
      <h1 id="drafts-heading">Drafts</h1>
      <p className="muted">Unsaved entries are kept on this computer as you type, and stay here until you save or discard them.</p>
      {drafts === undefined && <p aria-busy="true">Loading…</p>}
      {drafts?.length === 0 && <p>No drafts: everything you started has been saved.</p>}
      {drafts && drafts.length > 0 && (
        <ul className="draft-list">
          {drafts.map((draft) => (
            <li key={draft.id}>
              <div>
                <strong>{draft.title || 'Untitled'}</strong>
                <span className="muted">
                  {' '}
                  · {draft.detail} · last change {new Date(draft.updated_at).toLocaleString()}
                </span>
              </div>
              <div className="actions">
                <button type="button" className="primary" onClick={() => void resume(draft)}>
                  Resume
                </button>
                <button type="button" onClick={() => void discard(draft)}>
                  Discard
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
