import { useRef, type KeyboardEvent, type SelectHTMLAttributes } from 'react';

interface ChoiceSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  value: string;
  /** The choices by their labels, as shown; the empty choice first. */
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  /** Typing has picked one choice: the form moves on by itself. */
  onChosen(): void;
}

const TYPING_PAUSE_MS = 1000;

/**
 * A select answered by typing its label: each letter narrows the choices to those whose label
 * starts with what was typed, picks the first, and once only one is left the form moves on, so
 * "Y" answers Yes and leaves the field in one key.
 */
export function ChoiceSelect({ value, options, onChange, onChosen, onKeyDown, ...rest }: ChoiceSelectProps) {
  const typed = useRef({ text: '', at: 0 });

  function onTypeAhead(event: KeyboardEvent<HTMLSelectElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const continuing = typed.current.text !== '' && event.timeStamp - typed.current.at < TYPING_PAUSE_MS;
    // Space opens the list, unless it is part of a label being typed ("Deductible only").
    if (event.key === ' ' && !continuing) return;
    event.preventDefault();
    const choosable = options.filter((option) => option.value !== '');
    const matching = (text: string) => choosable.filter((option) => option.label.toLowerCase().startsWith(text));
    let text = `${continuing ? typed.current.text : ''}${event.key.toLowerCase()}`;
    // A letter that fits no label with what came before starts a new search.
    if (matching(text).length === 0) text = event.key.toLowerCase();
    const found = matching(text);
    typed.current = { text, at: event.timeStamp };
    if (found.length === 0) return;
    onChange(found[0]!.value);
    if (found.length === 1) {
      typed.current = { text: '', at: 0 };
      onChosen();
    }
  }

  return (
    <select {...rest} value={value} onChange={(event) => onChange(event.target.value)} onKeyDown={onTypeAhead}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
