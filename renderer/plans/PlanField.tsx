import { useId, useState } from 'react';
import { choiceLabel } from '../../shared/forms/choice-labels';
import { DATE_FORMS } from '../../shared/forms/dates';
import type { FieldSpec, IntUnit } from '../../shared/validation/fields';
import type { PlausibilityWarning } from '../../shared/plans/plausibility';
import { pastedCells } from '../../shared/forms/numbers';
import { plainHelp } from '../../shared/forms/plain-words';
import { readBack } from '../../shared/forms/read-back';
import { ChoiceSelect } from '../forms/ChoiceSelect';
import { describedBy, FieldFrame, type FieldSource } from '../forms/FieldFrame';

const unitAdornment: Record<IntUnit, { before?: string; after?: string }> = {
  money: { before: '$' },
  percent: { after: '%' },
  count: {},
  months: { after: 'months' },
  days: { after: 'days' },
  weeks: { after: 'weeks' },
  multiplier: { after: '× salary' },
};

interface PlanFieldProps {
  name: string;
  spec: FieldSpec;
  value: string;
  none: boolean;
  errors: readonly string[] | undefined;
  warnings: readonly PlausibilityWarning[];
  onChange: (value: string) => void;
  onNone: (none: boolean) => void;
  onBlur: () => void;
  /** A choice was typed: move on to the next field. */
  onChosen: () => void;
  /** Where the prefilled value was read (an SBC import). */
  source?: FieldSource | undefined;
  /** An import left this field for the broker to enter. */
  toEnter?: boolean;
  /** Cells copied from a spreadsheet row were pasted here: spreads them from this field on, answering whether it did. */
  onPasteCells?: (cells: string[]) => boolean;
}

/**
 * One plan field, drawn from its descriptor: its label and the spec's description as help, the
 * schema's or the service's errors, and for required-but-nullable fields an explicit "None".
 */
export function PlanField({ name, spec, value, none, errors, warnings, onChange, onNone, onBlur, onChosen, source, toEnter, onPasteCells }: PlanFieldProps) {
  const id = useId();
  const [missed, setMissed] = useState<string | undefined>(undefined);
  const invalid = Boolean(errors?.length);
  const presenceHelp = { optional: ' Leave blank if none.', nullable: ' Enter on the empty field answers None.', required: '' }[spec.presence];
  const typedAs = spec.type === 'date' ? ` Type it as ${DATE_FORMS}.` : '';
  const help = `${plainHelp(spec.help, spec.type === 'choice' ? spec.choices : []).replace(/ \(YYYY-MM-DD\)/, '')}${typedAs}${presenceHelp}`;
  const understood = none ? undefined : readBack(spec, value);
  const warningTexts = warnings.map((warning) => warning.message);
  const common = {
    id,
    name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(id, { help, errors, warnings: warningTexts, source }),
    'aria-required': spec.presence !== 'optional' || undefined,
    onBlur,
    'data-field': name,
  };

  let control;
  /** Letters typed into a choice list that fit no choice, said beside it. */
  let typedNote: string | undefined;
  switch (spec.type) {
    case 'bool':
    case 'choice': {
      const choices =
        spec.type === 'bool'
          ? [
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]
          : spec.choices.map((choice) => ({ value: choice, label: choiceLabel(choice) }));
      const unanswered = { value: '', label: spec.presence === 'required' ? '— choose —' : '— not given —' };
      control = <ChoiceSelect {...common} value={value} options={[unanswered, ...choices]} onChange={onChange} onChosen={onChosen} onMiss={setMissed} />;
      if (missed !== undefined) {
        const kept = choices.find((choice) => choice.value === value)?.label;
        typedNote = `No choice starts with “${missed}”: ${kept ? `${kept} stays chosen` : 'nothing is chosen yet'}. After a pause, typing starts over: type the whole label, or pick with the arrow keys.`;
      }
      break;
    }
    case 'int': {
      const adornment = unitAdornment[spec.unit];
      control = (
        <span className="adorned">
          {adornment.before && <span aria-hidden="true">{adornment.before}</span>}
          <input
            {...common}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            disabled={none}
            onChange={(event) => onChange(event.target.value)}
            onPaste={(event) => {
              const cells = pastedCells(event.clipboardData.getData('text/plain'));
              if (cells && onPasteCells?.(cells)) event.preventDefault();
            }}
          />
          {adornment.after && <span aria-hidden="true">{adornment.after}</span>}
        </span>
      );
      break;
    }
    default:
      control = (
        <input
          {...common}
          autoComplete="off"
          placeholder={spec.type === 'date' ? 'e.g. 1/1/2027' : undefined}
          maxLength={spec.type === 'text' ? spec.maxLength : undefined}
          value={value}
          disabled={none}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }

  return (
    <FieldFrame
      id={id}
      className="plan-field"
      label={spec.label}
      required={spec.presence !== 'optional'}
      help={help}
      errors={errors}
      warnings={warningTexts}
      {...(spec.presence === 'nullable' ? { none: { checked: none, onChange: onNone, field: name } } : {})}
      notes={
        (understood ?? typedNote) && (
          <p className="field-note" role="status">
            {understood ?? typedNote}
          </p>
        )
      }
      {...(source ? { source } : {})}
      toEnter={Boolean(toEnter)}
    >
      {control}
    </FieldFrame>
  );
}
