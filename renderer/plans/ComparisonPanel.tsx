import { useId } from 'react';
import { hasPremiumTiers, type Benefit } from '../../shared/plans/benefits';
import { planKind } from '../../shared/plans/index';
import { compareFields, premiumChanges, type Change, type FieldComparison, type TierPremiumChange } from '../../shared/plans/renewal';
import type { FieldSpec } from '../../shared/validation/fields';
import './comparison-panel.css';
import { formatMoney, formatPercent, formatPlanValue } from '../../shared/plans/plan-values';
import { CHART_SERIES, chartLayout } from '../../shared/plans/premium-chart';
import { ColumnHeads } from '../app/ColumnHeads';

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
      <ColumnHeads names={['Field', 'Last year', 'This year']} />
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

function describeChange(percent: number | null): string {
  if (percent === null) return 'no comparison';
  if (percent > 0) return `up ${percent.toFixed(1)}%`;
  if (percent < 0) return `down ${Math.abs(percent).toFixed(1)}%`;
  return 'unchanged';
}

function chartSummary(changes: TierPremiumChange[]): string {
  const tiers = changes.map(
    (tier) => `${tier.label}: gross cost ${describeChange(tier.gross.percent)}, employee contribution ${describeChange(tier.ee.percent)}.`,
  );
  return ['Premium change from last year per tier.', ...tiers].join(' ');
}

function amountChange(change: Change): string {
  const amount = (value: number | null) => (value === null ? 'none' : formatMoney(value));
  return `${amount(change.old)} to ${amount(change.new)} (${formatPercent(change.percent)})`;
}

function PremiumChart({ changes }: { changes: TierPremiumChange[] }) {
  const titleId = useId();
  const chart = chartLayout(changes.map((tier) => ({ label: tier.label, percent: { gross: tier.gross.percent, ee: tier.ee.percent } })));
  return (
    <figure className="premium-chart">
      <figcaption>Premium change per tier, last year to this year</figcaption>
      <svg role="img" aria-label={chartSummary(changes)} aria-describedby={titleId} viewBox={`0 0 ${chart.width} ${chart.height}`}>
        <title id={titleId}>Premium change per tier in percent: gross cost and employee contribution</title>
        <line className="premium-chart__zero" x1={chart.margin} x2={chart.width - chart.margin} y1={chart.zeroY} y2={chart.zeroY} />
        {chart.tiers.map((tier, index) => (
          <g key={tier.label} className="premium-chart__tier">
            {tier.bars.map((bar) => {
              if (bar.percent === null) {
                return (
                  <text key={bar.series} className="premium-chart__value premium-chart__value--missing" x={bar.textX} y={bar.textY} textAnchor="middle">
                    {bar.text}
                  </text>
                );
              }
              const change = changes[index]![bar.series];
              const seriesName = CHART_SERIES.find((series) => series.key === bar.series)!.name;
              return (
                <g key={bar.series} className={`premium-chart__bar premium-chart__bar--${bar.series} premium-chart__bar--${bar.direction}`}>
                  <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
                    <title>{`${tier.label}, ${seriesName.toLowerCase()}: ${amountChange(change)}`}</title>
                  </rect>
                  <text className="premium-chart__value" x={bar.textX} y={bar.textY} textAnchor="middle">
                    {bar.text}
                  </text>
                </g>
              );
            })}
            <text className="premium-chart__tier-label" x={tier.center} y={chart.tierLabelY} textAnchor="middle">
              {tier.label}
            </text>
          </g>
        ))}
      </svg>
      <ul className="premium-chart__legend" aria-hidden="true">
        {CHART_SERIES.map((series) => (
          <li key={series.key}>
            <span className={`premium-chart__swatch premium-chart__swatch--${series.key}`} />
            {series.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
