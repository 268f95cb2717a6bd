import { useRef, type KeyboardEvent, type SelectHTMLAttributes } from 'react';

interface ChoiceSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  value: string;
  /** The choices by their labels, as shown; the empty choice first. */
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  /** Typing has picked one choice: the form moves on by itself. */
  onChosen(): void;
  /** What was typed since the typing last started over fits no choice (the choice stays), or, undefined, fits one again or was left. */
  onMiss?(typed: string | undefined): void;
}

const TYPING_PAUSE_MS = 1000;

const isTypedCharacter = (event: globalThis.KeyboardEvent | KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * After typing picked a choice and the form moved on, the rest of that choice's label typed in the
 * same burst ("es" of "Yes") belongs to the choice, not to the next field: it is swallowed until
 * a key that does not continue the label, or a pause.
 */
function swallowRestOfLabel(label: string, typed: string, at: number): void {
  let text = typed;
  let last = at;
  const onKey = (event: globalThis.KeyboardEvent) => {
    const continues = isTypedCharacter(event) && event.timeStamp - last < TYPING_PAUSE_MS && label.toLowerCase().startsWith(text + event.key.toLowerCase());
    if (!continues) return window.removeEventListener('keydown', onKey, true);
    event.preventDefault();
    event.stopPropagation();
    text += event.key.toLowerCase();
    last = event.timeStamp;
  };
  window.addEventListener('keydown', onKey, true);
}

/**
 * A select answered by typing its label, as a native select is, and moving on once the typing
 * leaves one choice: each letter narrows the choices to those whose label starts with what was
 * typed and picks the first, and "Y" answers Yes and leaves the field in one key. After a pause the
 * typing starts over; a letter that fits no label changes nothing and stays in this field, and
 * `onMiss` says so (the rest of a label typed after a pause keeps the choice its first letter made).
 */
export function ChoiceSelect({ value, options, onChange, onChosen, onMiss, onKeyDown, onBlur, ...rest }: ChoiceSelectProps) {
  const typed = useRef({ text: '', at: 0 });

  function onTypeAhead(event: KeyboardEvent<HTMLSelectElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || !isTypedCharacter(event)) return;
    const continuing = typed.current.text !== '' && event.timeStamp - typed.current.at < TYPING_PAUSE_MS;
    // Space opens the list, unless it is part of a label being typed ("Deductible only").
    if (event.key === ' ' && !continuing) return;
    event.preventDefault();
    const text = `${continuing ? typed.current.text : ''}${event.key.toLowerCase()}`;
    typed.current = { text, at: event.timeStamp };
    const found = options.filter((option) => option.value !== '' && option.label.toLowerCase().startsWith(text));
    onMiss?.(found.length === 0 ? text : undefined);
    if (found.length === 0) return;
    onChange(found[0]!.value);
    if (found.length === 1) {
      typed.current = { text: '', at: 0 };
      swallowRestOfLabel(found[0]!.label, text, event.timeStamp);
      onChosen();
    }
  }

  return (
    <select
      {...rest}
      value={value}
      onChange={(event) => {
        onMiss?.(undefined);
        onChange(event.target.value);
      }}
      onKeyDown={onTypeAhead}
      onBlur={(event) => {
        onMiss?.(undefined);
        onBlur?.(event);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
