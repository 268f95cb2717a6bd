import { useId } from 'react';
import { hasPremiumTiers, type Benefit } from '../../shared/plans/benefits';
import { planKind } from '../../shared/plans/index';
import { compareFields, premiumChanges, type Change, type FieldComparison, type TierPremiumChange } from '../../shared/plans/renewal';
import type { FieldSpec } from '../../shared/validation/fields';
import './comparison-panel.css';
import { formatMoney, formatPlanValue } from '../../shared/plans/plan-values';

export interface ComparisonPanelProps {
  benefit: Benefit;
  oldPlan: Record<string, unknown>;
  newPlan: Record<string, unknown>;
}

// The employer's id is the same on both plans and means nothing to a broker.
const HIDDEN_FIELDS = new Set(['employer']);

/** Last year's plan next to this year's: changed fields first, the rest folded away, and the premium change per tier. */
export function ComparisonPanel({ benefit, oldPlan, newPlan }: ComparisonPanelProps) {
  const fields = planKind(benefit).fields;
  const rows = compareFields(benefit, oldPlan, newPlan).filter((row) => !HIDDEN_FIELDS.has(row.field));
  const changed = rows.filter((row) => row.changed);
  const unchanged = rows.filter((row) => !row.changed);
  return (
    <section className="comparison-panel">
      {changed.length > 0 ? (
        <ComparisonTable caption="Last year vs this year" rows={changed} fields={fields} />
      ) : (
        <p className="comparison-panel__none">Last year vs this year: no field has changed.</p>
      )}
      {unchanged.length > 0 && (
        <details className="comparison-panel__unchanged">
          <summary>{unchanged.length === 1 ? '1 unchanged field' : `${unchanged.length} unchanged fields`}</summary>
          <ComparisonTable caption="Unchanged fields" rows={unchanged} fields={fields} />
        </details>
      )}
      {hasPremiumTiers(benefit) && <PremiumChart changes={premiumChanges(oldPlan, newPlan)} />}
    </section>
  );
}

function ComparisonTable({ caption, rows, fields }: { caption: string; rows: FieldComparison[]; fields: Readonly<Record<string, FieldSpec>> }) {
  return (
    <table className="comparison-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Last year</th>
          <th scope="col">This year</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className={row.changed ? 'comparison-row comparison-row--changed' : 'comparison-row'}>
            <th scope="row">
              {row.label}
              {row.changed && <span className="visually-hidden"> (changed)</span>}
            </th>
            <td>{formatPlanValue(fields[row.field], row.old)}</td>
            <td>{formatPlanValue(fields[row.field], row.new)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// ---- premium chart -----------------------------------------------------------------------------

/** "+7.0%", "−4.2%" (a real minus sign), "0.0%"; "n/a" without a comparison. */
function formatPercent(percent: number | null): string {
  if (percent === null) return 'n/a';
  if (percent > 0) return `+${percent.toFixed(1)}%`;
  if (percent < 0) return `\u2212${Math.abs(percent).toFixed(1)}%`;
  return '0.0%';
}

function describeChange(percent: number | null): string {
  if (percent === null) return 'no comparison';
  if (percent > 0) return `up ${percent.toFixed(1)}%`;
  if (percent < 0) return `down ${Math.abs(percent).toFixed(1)}%`;
  return 'unchanged';
}

function chartSummary(changes: TierPremiumChange[]): string {
  const tiers = changes.map((tier) => `${tier.label}: gross cost ${describeChange(tier.gross.percent)}, employee contribution ${describeChange(tier.ee.percent)}.`);
  return ['Premium change from last year per tier.', ...tiers].join(' ');
}

function amountChange(change: Change): string {
  const amount = (value: number | null) => (value === null ? 'none' : formatMoney(value));
  return `${amount(change.old)} to ${amount(change.new)} (${formatPercent(change.percent)})`;
}

const CHART = { width: 560, margin: 8, plotTop: 24, plotHeight: 150, labelGap: 16, tierLabelHeight: 20, barWidth: 36, barGap: 6 };
const CHART_HEIGHT = CHART.plotTop + CHART.plotHeight + CHART.labelGap + CHART.tierLabelHeight;

const SERIES = [
  { key: 'gross', name: 'Gross cost' },
  { key: 'ee', name: 'Employee contribution' },
] as const;

function PremiumChart({ changes }: { changes: TierPremiumChange[] }) {
  const titleId = useId();
  const percents = changes.flatMap((tier) => [tier.gross.percent, tier.ee.percent]).filter((percent): percent is number => percent !== null);
  // The scale always includes 0, so the zero line is inside the plot; a flat chart gets a nominal 1% range.
  let top = Math.max(0, ...percents);
  const bottom = Math.min(0, ...percents);
  if (top === bottom) top = 1;
  const y = (percent: number) => CHART.plotTop + ((top - percent) / (top - bottom)) * CHART.plotHeight;
  const zeroY = y(0);
  const groupWidth = (CHART.width - 2 * CHART.margin) / changes.length;

  return (
    <figure className="premium-chart">
      <figcaption>Premium change per tier, last year to this year</figcaption>
      <svg role="img" aria-label={chartSummary(changes)} aria-describedby={titleId} viewBox={`0 0 ${CHART.width} ${CHART_HEIGHT}`}>
        <title id={titleId}>Premium change per tier in percent: gross cost and employee contribution</title>
        <line className="premium-chart__zero" x1={CHART.margin} x2={CHART.width - CHART.margin} y1={zeroY} y2={zeroY} />
        {changes.map((tier, index) => {
          const center = CHART.margin + groupWidth * (index + 0.5);
          return (
            <g key={tier.tier} className="premium-chart__tier">
              {SERIES.map((series, seriesIndex) => {
                const change = tier[series.key];
                const x = seriesIndex === 0 ? center - CHART.barGap / 2 - CHART.barWidth : center + CHART.barGap / 2;
                const labelX = x + CHART.barWidth / 2;
                if (change.percent === null) {
                  return (
                    <text key={series.key} className="premium-chart__value premium-chart__value--missing" x={labelX} y={zeroY - 4} textAnchor="middle">
                      {formatPercent(null)}
                    </text>
                  );
                }
                const end = y(change.percent);
                const direction = change.percent > 0 ? 'up' : change.percent < 0 ? 'down' : 'flat';
                return (
                  <g key={series.key} className={`premium-chart__bar premium-chart__bar--${series.key} premium-chart__bar--${direction}`}>
                    <rect x={x} y={Math.min(end, zeroY)} width={CHART.barWidth} height={Math.abs(zeroY - end)}>
                      <title>{`${tier.label}, ${series.name.toLowerCase()}: ${amountChange(change)}`}</title>
                    </rect>
                    <text className="premium-chart__value" x={labelX} y={change.percent < 0 ? end + 12 : end - 4} textAnchor="middle">
                      {formatPercent(change.percent)}
                    </text>
                  </g>
                );
              })}
              <text className="premium-chart__tier-label" x={center} y={CHART_HEIGHT - 4} textAnchor="middle">
                {tier.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="premium-chart__legend" aria-hidden="true">
        {SERIES.map((series) => (
          <li key={series.key}>
            <span className={`premium-chart__swatch premium-chart__swatch--${series.key}`} />
            {series.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
