import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftInput } from '../../shared/drafts';
import { bridge } from '../bridge/bridge';
import { journalDraft, settleJournal } from './draft-journal';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Keeps a form's draft saved on the laptop: in the page's journal at every change, through the
 * service shortly after, and at once when a field is left, the window hidden, or on `flush` (a
 * wizard flushes at every step). Passing `undefined` pauses saving (e.g. after the real save).
 */
export function useDraftAutosave(draft: DraftInput | undefined, delayMs = 300): { state: SaveState; flush: () => Promise<void> } {
  const [state, setState] = useState<SaveState>('idle');
  const latest = useRef(draft);
  const lastSaved = useRef<string | undefined>(undefined);
  latest.current = draft;

  const save = useCallback(async () => {
    const current = latest.current;
    if (!current) return;
    const text = JSON.stringify(current);
    if (text === lastSaved.current) return;
    setState('saving');
    try {
      const response = await bridge.saveDraft(current);
      if (response.status >= 400) throw new Error(`status ${response.status}`);
      lastSaved.current = text;
      settleJournal(current.id, text);
      setState('saved');
    } catch {
      setState('failed');
    }
  }, []);

  const serialized = draft ? JSON.stringify(draft) : undefined;
  useEffect(() => {
    if (serialized === undefined || serialized === lastSaved.current) return;
    journalDraft(JSON.parse(serialized) as DraftInput);
    const timer = setTimeout(() => void save(), delayMs);
    return () => clearTimeout(timer);
  }, [serialized, delayMs, save]);

  // Leaving a field, the window, the screen or the page saves what is pending rather than dropping it.
  useEffect(() => {
    const onHide = () => void save();
    const onVisibility = () => document.visibilityState === 'hidden' && void save();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('focusout', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('focusout', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void save();
    };
  }, [save]);

  return { state, flush: save };
}

export function SaveIndicator({ state }: { state: SaveState }) {
  const text = { idle: '', saving: 'Saving draft…', saved: 'Draft saved on this computer', failed: 'Could not save the draft' }[state];
  return (
    <span className={`save-indicator save-${state}`} role="status" aria-live="polite">
      {text}
    </span>
  );
}
