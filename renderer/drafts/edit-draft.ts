import type { Draft } from '../../shared/drafts';
import { bridge } from '../bridge/bridge';
import { readDraftWithJournal } from './draft-journal';

/**
 * The draft left earlier while editing one record (the newest, if there are several), so that
 * opening the record's form again resumes what was typed instead of starting over beside it.
 * `edits` tells from a draft's state whether it edits that record as it is now. Drafts that cannot
 * be read are left to the Drafts screen: the form then starts afresh, and loses nothing.
 */
export async function draftEditing(form: Draft['form'], edits: (state: unknown) => boolean): Promise<Draft | undefined> {
  try {
    const candidates = (await bridge.drafts()).filter((draft) => draft.form === form).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    for (const candidate of candidates) {
      const draft = await readDraftWithJournal(candidate.id);
      if (draft && edits(draft.state)) return draft;
    }
  } catch {
    // Not found, as far as Edit can tell.
  }
  return undefined;
}
