import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  computeAnnualTiers,
  PAY_PERIODS_PER_YEAR,
  TIER_STRUCTURES,
  tierLabels,
  withStructure,
  type AnnualTiers,
  type RateHelperInput,
  type RatePeriod,
} from '../../shared/rates/rate-helper';
import './rate-helper.css';

type Side = 'ee' | 'gross';
const SIDES: readonly { side: Side; label: string }[] = [
  { side: 'ee', label: 'employee contribution' },
  { side: 'gross', label: 'gross cost' },
];

export interface RateHelperProps {
  value: RateHelperInput;
  onChange: (next: RateHelperInput) => void;
  /** Called with the annual tiers whenever every amount is valid and the result has changed. */
  onFill: (tiers: AnnualTiers) => void;
}

export function RateHelper({ value, onChange, onFill }: RateHelperProps) {
  const id = useId();
  const labels = tierLabels(value.structure);
  const result = useMemo(() => computeAnnualTiers(value), [value]);
  const [blurred, setBlurred] = useState<ReadonlySet<string>>(() => new Set());
  const amountInputs = useRef<(HTMLInputElement | null)[]>([]);

  const lastFilled = useRef<AnnualTiers | null>(null);
  useEffect(() => {
    if (!result.ok || sameTiers(result.tiers, lastFilled.current)) return;
    lastFilled.current = result.tiers;
    onFill(result.tiers);
  }, [result, onFill]);

  const setAmount = (side: Side, index: number, text: string) => {
    const texts = labels.map((_, i) => value[side][i] ?? '');
    texts[index] = text;
    onChange({ ...value, [side]: texts });
  };

  const setPeriodKind = (kind: RatePeriod['kind']) => onChange({ ...value, period: kind === 'pay-period' ? { kind, periodsPerYear: 26 } : { kind } });

  // Enter moves on like Tab would, and must not submit the plan form around the helper.
  const onAmountKeyDown = (position: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    amountInputs.current[position + 1]?.focus();
  };

  const errorOf = (side: Side, index: number): string | undefined => {
    if (result.ok) return undefined;
    const touched = blurred.has(`${side}-${index}`) || (value[side][index] ?? '').trim() !== '';
    return touched ? result.errors[side][index] : undefined;
  };

  return (
    <section className="rate-helper" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Rate helper</h3>

      <fieldset className="rate-helper__choice">
        <legend>Rate structure</legend>
        {TIER_STRUCTURES.map((structure) => (
          <label key={structure}>
            <input
              type="radio"
              name={`${id}-structure`}
              checked={value.structure === structure}
              onChange={() => {
                setBlurred(new Set());
                onChange(withStructure(value, structure));
              }}
            />
            {structure} tiers
          </label>
        ))}
      </fieldset>

      <fieldset className="rate-helper__choice">
        <legend>Amounts are per</legend>
        {(
          [
            ['annual', 'Year'],
            ['monthly', 'Month'],
            ['pay-period', 'Pay period'],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind}>
            <input type="radio" name={`${id}-period`} checked={value.period.kind === kind} onChange={() => setPeriodKind(kind)} />
            {label}
          </label>
        ))}
        {value.period.kind === 'pay-period' && (
          <>
            <label htmlFor={`${id}-periods`}>Pay periods a year</label>
            <select
              id={`${id}-periods`}
              value={value.period.periodsPerYear}
              onChange={(event) => onChange({ ...value, period: { kind: 'pay-period', periodsPerYear: Number(event.target.value) as 12 | 24 | 26 | 52 } })}
            >
              {PAY_PERIODS_PER_YEAR.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </>
        )}
      </fieldset>

      {value.structure === 3 && (
        <fieldset className="rate-helper__choice">
          <legend>Tier 3 (employee + children) uses the rate for (default: Family)</legend>
          <label>
            <input type="radio" name={`${id}-tier3`} checked={value.tier3Uses === 'family'} onChange={() => onChange({ ...value, tier3Uses: 'family' })} />
            Family
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-tier3`}
              checked={value.tier3Uses === 'employee-plus-one'}
              onChange={() => onChange({ ...value, tier3Uses: 'employee-plus-one' })}
            />
            Employee + 1
          </label>
        </fieldset>
      )}

      <div className="rate-helper__rows">
        {labels.map((tierLabel, index) => (
          <div className="rate-helper__row" key={`${value.structure}-${index}`}>
            <span className="rate-helper__tier" aria-hidden="true">
              {tierLabel}
            </span>
            {SIDES.map(({ side, label }, sideIndex) => {
              const inputId = `${id}-${side}-${index}`;
              const error = errorOf(side, index);
              const position = index * SIDES.length + sideIndex;
              return (
                <div className="rate-helper__amount" key={side}>
                  <label htmlFor={inputId}>
                    <span className="rate-helper__visually-hidden">{tierLabel} — </span>
                    {label}
                  </label>
                  <input
                    id={inputId}
                    ref={(element) => {
                      amountInputs.current[position] = element;
                    }}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={value[side][index] ?? ''}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    onChange={(event) => setAmount(side, index, event.target.value)}
                    onBlur={() => setBlurred((previous) => new Set(previous).add(`${side}-${index}`))}
                    onKeyDown={onAmountKeyDown(position)}
                  />
                  {error && (
                    <span id={`${inputId}-error`} className="rate-helper__error">
                      {error}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>

      <div className="rate-helper__arithmetic" aria-live="polite">
        {result.ok ? (
          <ul aria-label="Annual tiers">
            {result.arithmetic.map((line) => (
              <li key={line.field}>{line.text}</li>
            ))}
          </ul>
        ) : (
          <p>Enter every amount to fill the annual tiers.</p>
        )}
      </div>
    </section>
  );
}

function sameTiers(a: AnnualTiers, b: AnnualTiers | null): boolean {
  return b !== null && (Object.keys(a) as (keyof AnnualTiers)[]).every((key) => a[key] === b[key]);
}
