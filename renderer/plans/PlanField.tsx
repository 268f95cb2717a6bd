import { useId } from 'react';
import { choiceLabel } from '../../shared/forms/choice-labels';
import type { FieldSpec, IntUnit } from '../../shared/validation/fields';
import type { PlausibilityWarning } from '../../shared/plans/plausibility';
import { describedBy, FieldFrame } from '../forms/FieldFrame';

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
}

/**
 * One plan field, drawn from its descriptor: its label and the spec's description as help, the
 * schema's or the service's errors, and for required-but-nullable fields an explicit "None".
 */
export function PlanField({ name, spec, value, none, errors, warnings, onChange, onNone, onBlur }: PlanFieldProps) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  const help = `${spec.help}${spec.presence === 'optional' ? ' Leave blank if none.' : ''}`;
  const warningTexts = warnings.map((warning) => warning.message);
  const common = {
    id,
    name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(id, { help, errors, warnings: warningTexts }),
    'aria-required': spec.presence !== 'optional' || undefined,
    onBlur,
    'data-field': name,
  };

  let control;
  switch (spec.type) {
    case 'bool':
      control = (
        <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{spec.presence === 'required' ? '— choose —' : '— not given —'}</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      );
      break;
    case 'choice':
      control = (
        <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{spec.presence === 'required' ? '— choose —' : '— not given —'}</option>
          {spec.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choiceLabel(choice)}
            </option>
          ))}
        </select>
      );
      break;
    case 'int': {
      const adornment = unitAdornment[spec.unit];
      control = (
        <span className="adorned">
          {adornment.before && <span aria-hidden="true">{adornment.before}</span>}
          <input {...common} inputMode="numeric" autoComplete="off" value={value} disabled={none} onChange={(event) => onChange(event.target.value)} />
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
          placeholder={spec.type === 'date' ? 'YYYY-MM-DD' : undefined}
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
    >
      {control}
    </FieldFrame>
  );
}
