import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { describedBy as fieldDescription, FieldFrame } from '../forms/FieldFrame';
import { enterMovesOn } from '../forms/fields';

export interface ChipOption {
  value: string;
  label: ReactNode;
}

/** What a form gives any chip picker (the NAICS and state pickers add their own search). */
export interface ChipPickerProps {
  label: string;
  help?: string;
  values: readonly string[];
  onChange(values: string[]): void;
  onBlur?(): void;
  errors?: readonly string[] | undefined;
}

interface ChipComboboxProps extends ChipPickerProps {
  max?: number;
  /** Shown instead of suggestions once `max` values are chosen. */
  fullMessage?: string;
  placeholder?: string;
  /** Suggestions for what is typed, without those already chosen; '' is asked for on ArrowDown. */
  suggest(query: string, chosen: ReadonlySet<string>): ChipOption[];
  /** What to say when nothing is suggested for what is typed; "Nothing matches …" unless given. */
  nothingFor?(query: string): string;
  /** A pasted list ("CA, NY, TX"): its values when every item is valid, else undefined. */
  parseList?(query: string): string[] | undefined;
  chip(value: string): ReactNode;
  chipTitle?(value: string): string | undefined;
  removeLabel(value: string): string;
}

/**
 * Picks several values as removable chips from a typed search. Keyboard: typing suggests, ArrowUp/Down
 * move the highlight, Enter adds it (or moves on from an empty box), Backspace in an empty box removes
 * the last chip, ArrowLeft walks the chips (Delete/Backspace/Enter remove one), Escape closes.
 */
export function ChipCombobox(props: ChipComboboxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);

  const full = props.max !== undefined && props.values.length >= props.max;
  const { suggest, values } = props;
  const options = useMemo(() => (open && !full ? suggest(query.trim(), new Set(values)) : []), [open, full, suggest, query, values]);
  const active = Math.min(highlight, options.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  function add(added: readonly string[]) {
    const next = [...props.values];
    for (const value of added) if (!next.includes(value)) next.push(value);
    props.onChange(props.max === undefined ? next : next.slice(0, props.max));
    setQuery('');
    setOpen(false);
    setHighlight(0);
  }

  function removeAt(index: number) {
    props.onChange(props.values.filter((_, i) => i !== index));
  }

  const chipButton = (index: number) => chipsRef.current?.querySelectorAll<HTMLButtonElement>('button')[index];

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // Ctrl+Enter saves the whole form.
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setHighlight(0);
        } else if (options.length > 0) {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setHighlight((active + step + options.length) % options.length);
        }
        return;
      }
      case 'Enter': {
        const list = query.trim() ? props.parseList?.(query) : undefined;
        if (list && list.length > 1) {
          event.preventDefault();
          return add(list);
        }
        if (open && options[active]) {
          event.preventDefault();
          return add([options[active].value]);
        }
        if (query.trim() === '') return enterMovesOn(event);
        event.preventDefault(); // Nothing matches what is typed: keep it for correcting, never submit.
        return setOpen(true);
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        return;
      case 'Backspace':
        if (query === '' && props.values.length > 0) {
          event.preventDefault();
          removeAt(props.values.length - 1);
        }
        return;
      case 'ArrowLeft':
        if (query === '' && props.values.length > 0) {
          event.preventDefault();
          setOpen(false);
          chipButton(props.values.length - 1)?.focus();
        }
        return;
    }
  }

  function onChipKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const focusChipOrInput = (target: number) => (target >= 0 && target < props.values.length ? chipButton(target)?.focus() : inputRef.current?.focus());
    switch (event.key) {
      case 'ArrowLeft':
        event.preventDefault();
        return void chipButton(Math.max(0, index - 1))?.focus();
      case 'ArrowRight':
        event.preventDefault();
        return void focusChipOrInput(index + 1);
      case 'Escape':
        event.preventDefault();
        return void inputRef.current?.focus();
      case 'Backspace':
      case 'Delete':
      case 'Enter':
      case ' ': {
        event.preventDefault();
        removeAt(index);
        // Focus stays among the chips (the next one takes this one's place), or returns to the input.
        const remaining = props.values.length - 1;
        if (remaining === 0) inputRef.current?.focus();
        else requestAnimationFrame(() => (chipButton(Math.min(index, remaining - 1)) ?? inputRef.current)?.focus());
        return;
      }
    }
  }

  const invalid = Boolean(props.errors?.length);
  const describedBy = [fieldDescription(id, props), full ? `${id}-full` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FieldFrame
      id={id}
      controlId={inputId}
      className="chip-field"
      label={props.label}
      help={props.help}
      errors={props.errors}
      notes={
        <>
          {open && !full && options.length === 0 && query.trim() !== '' && (
            <p className="field-help suggestions-empty" role="status">
              {props.nothingFor?.(query.trim()) ?? `Nothing matches “${query.trim()}”.`}
            </p>
          )}
          {full && props.fullMessage && (
            <p className="field-help" id={`${id}-full`}>
              {props.fullMessage}
            </p>
          )}
        </>
      }
    >
      <div className="chip-anchor">
        <div className="chip-box" onClick={(event) => event.target === event.currentTarget && inputRef.current?.focus()}>
          {props.values.length > 0 && (
            <ul className="chips" ref={chipsRef} aria-label={`Chosen ${props.label}`}>
              {props.values.map((value, index) => (
                <li key={value} className="chip" title={props.chipTitle?.(value)}>
                  {props.chip(value)}
                  <button
                    type="button"
                    tabIndex={-1}
                    aria-label={props.removeLabel(value)}
                    onClick={() => removeAt(index)}
                    onKeyDown={(event) => onChipKeyDown(event, index)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            value={query}
            placeholder={full ? undefined : props.placeholder}
            aria-expanded={open && options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && options[active] ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(event.target.value.trim() !== '');
              setHighlight(0);
            }}
            onKeyDown={onInputKeyDown}
            onBlur={() => {
              setOpen(false);
              props.onBlur?.();
            }}
          />
        </div>
        <ul role="listbox" id={listId} className="suggestions" aria-label={`${props.label} suggestions`} hidden={!open || options.length === 0}>
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // mousedown would blur the input (and close this list) before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add([option.value])}
            >
              {option.label}
            </li>
          ))}
        </ul>
      </div>
    </FieldFrame>
  );
}
