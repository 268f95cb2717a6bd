// The geometry of the premium-change chart: per tier, a bar for the gross cost and one for the
// employee contribution, in percent from a zero line. Shared by the comparison panel (React SVG), the
// exhibit's HTML (SVG markup) and its PDF (vector drawing), so all three draw the same chart.
import { formatPercent } from './plan-values.js';

export const CHART_SERIES = [
  { key: 'gross', name: 'Gross cost' },
  { key: 'ee', name: 'Employee contribution' },
] as const;
type ChartSeries = (typeof CHART_SERIES)[number]['key'];

export interface ChartTierInput {
  label: string;
  percent: Record<ChartSeries, number | null>;
}

interface ChartBar {
  series: ChartSeries;
  /** null when there is nothing to compare: no bar, only the "n/a" label. */
  percent: number | null;
  direction: 'up' | 'down' | 'flat';
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  textX: number;
  textY: number;
}

interface ChartTier {
  label: string;
  center: number;
  bars: ChartBar[];
}

export interface ChartLayout {
  width: number;
  height: number;
  margin: number;
  zeroY: number;
  tierLabelY: number;
  tiers: ChartTier[];
}

// plotTop and labelGap leave room for two lines of value labels above the tallest bar and below the lowest.
const CHART = { width: 560, margin: 8, plotTop: 36, plotHeight: 150, labelGap: 28, tierLabelHeight: 20, barWidth: 36, barGap: 14 };
const CHART_HEIGHT = CHART.plotTop + CHART.plotHeight + CHART.labelGap + CHART.tierLabelHeight;

/**
 * A value label's width at the chart's 12-unit font, a little generous: digits are some 6.7 units
 * wide, "%" and "+" wider, "." narrower. Used only to keep two labels from touching.
 */
export const labelWidth = (text: string) => text.length * 7.2;
/** A line of value labels. */
const LABEL_LINE = 13;
/** The least space between two labels side by side. */
const LABEL_SPACE = 4;

/** Whether two labels at these baselines and centres would touch. */
function touching(a: { text: string; textX: number; textY: number }, b: { text: string; textX: number; textY: number }): boolean {
  return Math.abs(a.textY - b.textY) < LABEL_LINE && Math.abs(a.textX - b.textX) < (labelWidth(a.text) + labelWidth(b.text)) / 2 + LABEL_SPACE;
}

export function chartLayout(tiers: readonly ChartTierInput[]): ChartLayout {
  const percents = tiers.flatMap((tier) => CHART_SERIES.map((series) => tier.percent[series.key])).filter((p): p is number => p !== null);
  // The scale always includes 0, so the zero line is inside the plot; a flat chart gets a nominal 1% range.
  let top = Math.max(0, ...percents);
  const bottom = Math.min(0, ...percents);
  if (top === bottom) top = 1;
  const y = (percent: number) => CHART.plotTop + ((top - percent) / (top - bottom)) * CHART.plotHeight;
  const zeroY = y(0);
  const groupWidth = (CHART.width - 2 * CHART.margin) / tiers.length;
  return {
    width: CHART.width,
    height: CHART_HEIGHT,
    margin: CHART.margin,
    zeroY,
    tierLabelY: CHART_HEIGHT - 4,
    tiers: tiers.map((tier, index) => {
      const center = CHART.margin + groupWidth * (index + 0.5);
      const bars = CHART_SERIES.map((series, seriesIndex): ChartBar => {
        const percent = tier.percent[series.key];
        const x = seriesIndex === 0 ? center - CHART.barGap / 2 - CHART.barWidth : center + CHART.barGap / 2;
        const textX = x + CHART.barWidth / 2;
        if (percent === null)
          return {
            series: series.key,
            percent,
            direction: 'flat',
            x,
            y: zeroY,
            width: CHART.barWidth,
            height: 0,
            text: formatPercent(null),
            textX,
            textY: zeroY - 4,
          };
        const end = y(percent);
        const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
        return {
          series: series.key,
          percent,
          direction,
          x,
          y: Math.min(end, zeroY),
          width: CHART.barWidth,
          height: Math.abs(zeroY - end),
          text: formatPercent(percent),
          textX,
          textY: percent < 0 ? end + 12 : end - 4,
        };
      });
      // Labels that would touch ("+100.0%" over two bars of the same height): the second moves a line further from the zero line.
      const [first, second] = bars as [ChartBar, ChartBar];
      if (touching(first, second)) second.textY += second.direction === 'down' ? LABEL_LINE : -LABEL_LINE;
      return { label: tier.label, center, bars };
    }),
  };
}
