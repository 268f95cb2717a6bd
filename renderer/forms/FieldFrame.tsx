import type { ReactNode } from 'react';
import { plainText } from '../../shared/forms/plain-words';

/** A "None" beside a control: the field's answer is explicitly none, and the control is cleared. */
interface NoneChoice {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The field's name, so Enter can step over the checkbox once the field has a value. */
  field: string;
}

interface FieldFrameProps {
  /** The ids of the field's messages derive from it (`${id}-help`, `${id}-errors`); also the control's id unless `controlId` is given. */
  id: string;
  controlId?: string;
  label: ReactNode;
  /** A text label for "…: none" when `label` is not plain text. */
  labelText?: string;
  required?: boolean;
  help?: ReactNode;
  errors?: readonly string[] | undefined;
  warnings?: readonly string[];
  none?: NoneChoice;
  /** A group of controls (checkboxes) under a legend instead of one labelled control. */
  group?: boolean;
  className?: string;
  /** Shown between the control and the help (e.g. a combobox's "nothing matches"). */
  notes?: ReactNode;
  /** Where a prefilled value was read (an imported document's page and sentence). */
  source?: FieldSource;
  /** The field was left for the person to enter (an import could not give it). */
  toEnter?: boolean;
  children: ReactNode;
}

export interface FieldSource {
  /** Where, in words: "SBC page 2". */
  where: string;
  /** The sentence the value came from. */
  text: string;
}

/** The ids that describe a field's control: its help, its errors and its warnings, when shown. */
export function describedBy(
  id: string,
  parts: {
    help?: unknown;
    errors?: readonly string[] | undefined;
    warnings?: readonly string[] | undefined;
    source?: FieldSource | undefined;
  },
): string | undefined {
  const ids = [
    parts.errors?.length ? `${id}-errors` : '',
    parts.source ? `${id}-source` : '',
    parts.help ? `${id}-help` : '',
    parts.warnings?.length ? `${id}-warnings` : '',
  ];
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * Every form field's chrome, written once for the employer form and the plan wizard: the label
 * with its required mark, the control (and a "None" beside it), where an imported value came from,
 * help, errors and warnings.
 */
export function FieldFrame({
  id,
  controlId,
  label,
  labelText,
  required,
  help,
  errors,
  warnings,
  none,
  group,
  className,
  notes,
  source,
  toEnter,
  children,
}: FieldFrameProps) {
  const invalid = Boolean(errors?.length);
  const classes = ['field', className, invalid ? 'field-invalid' : '', warnings?.length ? 'field-warned' : '', toEnter ? 'field-to-enter' : '']
    .filter(Boolean)
    .join(' ');
  const caption = (
    <>
      {label}
      {required && (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {toEnter && <span className="to-enter-mark"> still to enter</span>}
    </>
  );
  const body = (
    <>
      {none ? (
        <div className="control-row">
          {children}
          <label className="none-choice">
            <input
              type="checkbox"
              aria-label={`${labelText ?? String(label)}: none`}
              checked={none.checked}
              onChange={(event) => none.onChange(event.target.checked)}
              data-none-for={none.field}
            />
            None
          </label>
        </div>
      ) : (
        children
      )}
      {notes}
      {source && (
        <p className="field-source" id={`${id}-source`}>
          From {source.where}: “{source.text}”
        </p>
      )}
      {help && (
        <p className="field-help" id={`${id}-help`}>
          {help}
        </p>
      )}
      <FieldMessages id={`${id}-errors`} errors={errors} />
      {warnings && warnings.length > 0 && (
        <ul className="field-warnings" id={`${id}-warnings`}>
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </>
  );
  if (group) {
    return (
      <fieldset className={classes} aria-describedby={describedBy(id, { help, errors })}>
        <legend>{caption}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={classes}>
      <label htmlFor={controlId ?? id}>{caption}</label>
      {body}
    </div>
  );
}

/** Messages under a field: the service's or the shared schema's, choice codes said as words. */
export function FieldMessages({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    // The alert is a wrapper: a list given role="alert" would stop being a list (its items orphaned).
    <div role="alert">
      <ul className="field-errors" id={id}>
        {errors.map((message) => (
          <li key={message}>{plainText(message)}</li>
        ))}
      </ul>
    </div>
  );
}
