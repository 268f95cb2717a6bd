import { describe, expect, it } from 'vitest';
import { chartLayout, labelWidth, type ChartTierInput } from './premium-chart.js';

const tiers = (gross: number | null, ee: number | null): ChartTierInput[] =>
  ['Employee only', 'Employee + spouse', 'Employee + children', 'Employee + family'].map((label) => ({ label, percent: { gross, ee } }));

/** The box a value label takes: 12 units high above its baseline, its estimated width about its centre. */
function box(bar: { text: string; textX: number; textY: number }) {
  const width = labelWidth(bar.text);
  return { left: bar.textX - width / 2, right: bar.textX + width / 2, top: bar.textY - 12, bottom: bar.textY };
}
const apart = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;

describe('the premium-change chart', () => {
  it.each([
    [10, 10],
    [100, 100],
    [-10, -10],
    [-100, -100],
    [1234.5, 1234.5],
    [10, null],
    [0, 0],
  ])('keeps the two value labels of a tier apart: gross %s%%, employee %s%%', (gross, ee) => {
    const chart = chartLayout(tiers(gross, ee));
    for (const tier of chart.tiers) {
      const [first, second] = tier.bars.map(box) as [ReturnType<typeof box>, ReturnType<typeof box>];
      expect(apart(first, second), `${tier.bars[0]!.text} / ${tier.bars[1]!.text}`).toBe(true);
    }
  });

  it('keeps every label inside the chart, above the tier names', () => {
    for (const [gross, ee] of [
      [100, 100],
      [-100, -100],
    ] as const) {
      const chart = chartLayout(tiers(gross, ee));
      for (const bar of chart.tiers.flatMap((tier) => tier.bars)) {
        expect(box(bar).top).toBeGreaterThanOrEqual(0);
        expect(bar.textY).toBeLessThan(chart.tierLabelY - 12);
      }
    }
  });
});
