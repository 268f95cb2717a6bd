import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keyboard shortcuts, the app's one window listener. A combination is written `Alt+N`,
 * `Mod+S` (Ctrl, or ⌘ on macOS), `Mod+Enter`, `PageDown` or `/`. Letters and digits are matched by
 * the physical key (`event.code`): on macOS Option+R types "®", so `event.key` never says "r".
 * A plain character such as `/` is left to a text field that has the focus; the screens registered
 * last (the ones shown in front) are asked first. A handler that answers `false` declines the key
 * where it has nothing to do (PageDown on a wizard's last step), which then does what it does
 * natively (scrolls). A field that names the key as its own shortcut (`aria-keyshortcuts="/"` on
 * the employer search) takes it as the shortcut, not as a character.
 *
 * A screen still loading what its shortcuts act on (an employer's page before its plans are in)
 * registers them as not ready: a key pressed meanwhile is held, not lost, and acts once the screen
 * is ready, in the order the keys were pressed (Alt+L then Alt+R: the plan is focused, then renewed).
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

/** The focused element declares this combination as its own shortcut (`aria-keyshortcuts`). */
function ownShortcut(target: EventTarget | null, combination: string): boolean {
  return target instanceof HTMLElement && (target.getAttribute('aria-keyshortcuts') ?? '').split(/\s+/).includes(combination);
}

interface Registration {
  shortcuts: { current: ShortcutMap };
  ready: boolean;
  /** Keys pressed while the screen was not ready, to act on once it is. */
  held: { combination: string; event: KeyboardEvent }[];
}

const registered: Registration[] = [];

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented) return;
  const typing = isEditableTarget(event.target);
  for (const entry of [...registered].reverse()) {
    for (const [combination, run] of Object.entries(entry.shortcuts.current)) {
      const plainCharacter = combination.length === 1;
      if ((plainCharacter && typing && !ownShortcut(event.target, combination)) || !matches(event, combination)) continue;
      if (!entry.ready) entry.held.push({ combination, event });
      else if (run(event) === false) return;
      event.preventDefault();
      return;
    }
  }
}

/** Acts on the keys a screen held while it was not ready, in the order they were pressed. */
function actOnHeld(entry: Registration): void {
  for (const { combination, event } of entry.held.splice(0)) entry.shortcuts.current[combination]?.(event);
}

/**
 * Registers a screen's shortcuts while it is shown. `ready: false` (e.g. while what they act on is
 * loading) holds the keys pressed meanwhile, and acts on them once it turns true.
 */
export function useShortcuts(shortcuts: ShortcutMap, ready = true): void {
  const latest = useRef(shortcuts);
  const registration = useRef<Registration | undefined>(undefined);
  useLayoutEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    const entry: Registration = { shortcuts: latest, ready: false, held: [] };
    registration.current = entry;
    if (registered.length === 0) window.addEventListener('keydown', onKeyDown);
    registered.push(entry);
    return () => {
      registered.splice(registered.indexOf(entry), 1);
      if (registered.length === 0) window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  // After the registration above (effects run in order), and after this render is on screen: the keys act on what it shows.
  useEffect(() => {
    const entry = registration.current!;
    entry.ready = ready;
    if (ready) actOnHeld(entry);
  }, [ready]);
}
