import { useId } from 'react';
import { choiceLabel } from '../../shared/forms/choice-labels';
import type { FieldSpec, IntUnit } from '../../shared/validation/fields';
import type { PlausibilityWarning } from '../../shared/plans/plausibility';
import { FieldMessages } from '../components/fields';

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
  const describedBy = [`${id}-help`, invalid ? `${id}-errors` : '', warnings.length ? `${id}-warnings` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
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
    <div className={`field plan-field${invalid ? ' field-invalid' : ''}${warnings.length ? ' field-warned' : ''}`}>
      <label htmlFor={id}>
        {spec.label}
        {spec.presence !== 'optional' && <span className="required-mark" aria-hidden="true"> *</span>}
      </label>
      <div className="control-row">
        {control}
        {spec.presence === 'nullable' && (
          <label className="none-choice">
            <input type="checkbox" aria-label={`${spec.label}: none`} checked={none} onChange={(event) => onNone(event.target.checked)} data-none-for={name} />
            None
          </label>
        )}
      </div>
      <p className="field-help" id={`${id}-help`}>
        {spec.help}
        {spec.presence === 'optional' && ' Leave blank if none.'}
      </p>
      <FieldMessages id={`${id}-errors`} errors={errors} />
      {warnings.length > 0 && (
        <ul className="field-warnings" id={`${id}-warnings`}>
          {warnings.map((warning) => (
            <li key={warning.code + warning.message}>{warning.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
