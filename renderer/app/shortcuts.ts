import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keyboard shortcuts, the app's one window listener. A combination is written `Alt+N`,
 * `Mod+S` (Ctrl, or ⌘ on macOS), `Mod+Enter`, `PageDown` or `/`. Letters and digits are matched by
 * the physical key (`event.code`): on macOS Option+R types "®", so `event.key` never says "r".
 * A plain character such as `/` is left to a text field that has the focus; the screens registered
 * last (the ones shown in front) are asked first. A handler that answers `false` declines the key
 * where it has nothing to do (PageDown on a wizard's last step), which then does what it does
 * natively (scrolls).
 */
export type ShortcutMap = Record<string, (event: KeyboardEvent) => void | false>;

interface Combination {
  alt: boolean;
  mod: boolean;
  shift: boolean;
  key: string;
}

function parse(combination: string): Combination {
  const parts = combination.split('+');
  const key = parts.pop()!;
  return {
    alt: parts.includes('Alt'),
    mod: parts.includes('Mod'),
    shift: parts.includes('Shift'),
    key,
  };
}

function codeOf(key: string): string | undefined {
  if (/^[a-z]$/i.test(key)) return `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  return undefined;
}

function matches(event: KeyboardEvent, combination: string): boolean {
  const wanted = parse(combination);
  const mod = event.ctrlKey || event.metaKey;
  if (wanted.alt !== event.altKey || wanted.mod !== mod) return false;
  const code = codeOf(wanted.key);
  if (code) return event.code === code && wanted.shift === event.shiftKey;
  // Named keys and punctuation: by what the key types (a "/" may need Shift on some layouts).
  return event.key === wanted.key && (wanted.shift === event.shiftKey || wanted.key.length === 1);
}

/** Whether a keystroke is someone typing text, which plain-character shortcuts must leave alone. */
function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

const registered: { current: ShortcutMap }[] = [];

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented) return;
  const typing = isEditableTarget(event.target);
  for (const entry of [...registered].reverse()) {
    for (const [combination, run] of Object.entries(entry.current)) {
      const plainCharacter = combination.length === 1;
      if ((plainCharacter && typing) || !matches(event, combination)) continue;
      if (run(event) === false) return;
      event.preventDefault();
      return;
    }
  }
}

/** Registers a screen's shortcuts while it is shown; `enabled: false` (e.g. while loading) registers none. */
export function useShortcuts(shortcuts: ShortcutMap, enabled = true): void {
  const latest = useRef(shortcuts);
  useLayoutEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    if (!enabled) return;
    const entry = latest;
    if (registered.length === 0) window.addEventListener('keydown', onKeyDown);
    registered.push(entry);
    return () => {
      registered.splice(registered.indexOf(entry), 1);
      if (registered.length === 0) window.removeEventListener('keydown', onKeyDown);
    };
  }, [enabled]);
}
