import type { Draft, DraftInput } from '../../shared/drafts';
import { bridge } from '../bridge/bridge';

/**
 * A copy of each draft in the page's own storage, written synchronously at every change: the
 * service saves drafts a moment later, and a crash or a killed backend in that moment must not
 * lose the last field typed. An entry lives until the service confirms the same text saved.
 */
interface Entry {
  draft: DraftInput;
  /** When it was typed (ms since the epoch), to compare with the stored draft's `updated_at`. */
  at: number;
}

const keyOf = (id: string) => `plandesk.unsaved-draft.${id}`;

export function journalDraft(draft: DraftInput): void {
  try {
    localStorage.setItem(keyOf(draft.id), JSON.stringify({ draft, at: Date.now() } satisfies Entry));
  } catch {
    // Storage full or refused: the service's save (a moment later) still keeps the draft.
  }
}

/** The service saved `text`: the entry is no longer needed, unless typing went on since. */
export function settleJournal(id: string, text: string): void {
  const entry = readEntry(id);
  if (!entry || JSON.stringify(entry.draft) === text) localStorage.removeItem(keyOf(id));
}

function forgetJournal(id: string): void {
  localStorage.removeItem(keyOf(id));
}

/** A draft saved as its record or discarded: gone from the service and from the journal. */
export async function deleteDraft(id: string): Promise<void> {
  forgetJournal(id);
  await bridge.deleteDraft(id);
}

function readEntry(id: string): Entry | undefined {
  try {
    const entry = JSON.parse(localStorage.getItem(keyOf(id)) ?? 'null') as Entry | null;
    return entry && entry.draft?.id === id && typeof entry.at === 'number' ? entry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The draft as stored by the service, with typing the service never confirmed laid over it (and
 * saved now). A draft the service no longer has (saved or discarded) stays gone.
 */
export async function readDraftWithJournal(id: string): Promise<Draft | null> {
  const stored = await bridge.readDraft(id);
  const entry = readEntry(id);
  if (!stored) {
    forgetJournal(id);
    return null;
  }
  if (!entry || entry.draft.form !== stored.form || entry.at <= Date.parse(stored.updated_at)) return stored;
  const recovered = { ...stored, ...entry.draft };
  const saved = await bridge.saveDraft(entry.draft).catch(() => undefined);
  if (saved && saved.status < 400) settleJournal(id, JSON.stringify(entry.draft));
  return recovered;
}
