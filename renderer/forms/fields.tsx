import { useId, type FocusEvent, type KeyboardEvent } from 'react';
import { describedBy, FieldFrame } from './FieldFrame';

/**
 * Enter moves to the next field, as Tab does: forms are typed, not clicked. In a search box Enter
 * searches (submits its form), as everywhere else.
 */
export function enterMovesOn(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.currentTarget instanceof HTMLTextAreaElement) return;
  if (event.currentTarget instanceof HTMLInputElement && event.currentTarget.type === 'search') return;
  event.preventDefault();
  focusNextField(event.currentTarget);
}

/**
 * Whether focus leaves a field for its form's submit button (a press on it, or Enter past the last
 * field): the submit then shows every error at once. An error shown on the way would move the
 * button down between its press and its release, and the press would be lost.
 */
export function leavingForSubmit(event: FocusEvent<HTMLElement>): boolean {
  const next = event.relatedTarget;
  const field = event.currentTarget;
  return next instanceof HTMLButtonElement && next.type === 'submit' && field instanceof HTMLInputElement && next.form !== null && next.form === field.form;
}

/** Focuses the next focusable form control after `from` within its form (or the document). */
function focusNextField(from: HTMLElement): void {
  const scope = from.closest('form') ?? document.body;
  const controls = Array.from(scope.querySelectorAll<HTMLElement>('input, select, textarea, button')).filter(
    (element) =>
      element === from ||
      (!element.hasAttribute('disabled') && element.tabIndex >= 0 && !element.closest('[hidden]') && element.getAttribute('type') !== 'hidden'),
  );
  const next = controls[controls.indexOf(from) + 1];
  next?.focus();
}

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  help?: string;
  type?: 'text' | 'email' | 'url' | 'search' | 'password';
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email' | 'url';
  required?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

export function TextInput(props: TextInputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={props.label} required={props.required} help={props.help} errors={props.errors}>
      <input
        id={id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        value={props.value}
        required={props.required}
        autoFocus={props.autoFocus}
        placeholder={props.placeholder}
        aria-invalid={props.errors?.length ? true : undefined}
        aria-describedby={describedBy(id, props)}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        onKeyDown={enterMovesOn}
      />
    </FieldFrame>
  );
}
