/** Alt+letter, by physical key too: on macOS Option+N types "˜", so `key` alone would miss it. */
export function isShortcut(event: KeyboardEvent, letter: string): boolean {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  return event.code === `Key${letter.toUpperCase()}` || event.key.toLowerCase() === letter;
}

/** Whether a keystroke is someone typing text, which single-key shortcuts must leave alone. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}
