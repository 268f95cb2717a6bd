// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_IDS, validPlanBody } from '../../tests/support/fixtures';
import { proposeRenewal } from '../../shared/plans/renewal';
import { ComparisonPanel } from './ComparisonPanel';

afterEach(cleanup);

/** Last year's Gold PPO, as the service returns it. */
const lastYear = {
  ...validPlanBody('medical', {
    title: 'Gold PPO 2025',
    carrier: 'Aetna',
    from_plan: null,
    from_action: null,
    t1_gross: 6000,
    t1_ee: 1200,
    t2_gross: 15600,
    t2_ee: 4800,
    t3_gross: 14100,
    t3_ee: 4200,
    t4_gross: 22200,
    t4_ee: 7200,
    hsa: false,
    rx_coin: null,
  }),
  id: FIXTURE_IDS.priorPlan,
  status: 'ACTIVE',
  created_at: '2025-01-02T10:00:00Z',
};

/** Its renewal: gross +7.0% for tier 1, employee share down for tier 2, an HSA added, an Rx coinsurance set. */
const thisYear = {
  ...proposeRenewal('medical', lastYear, 'renew'),
  t1_gross: 6420,
  t2_ee: 4560,
  hsa: true,
  rx_coin: 30,
};

const rowsOf = (root: ParentNode) =>
  [...root.querySelectorAll('tr.comparison-row')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

function renderPanel(benefit: Parameters<typeof validPlanBody>[0], oldPlan: Record<string, unknown>, newPlan: Record<string, unknown>) {
  return render(<ComparisonPanel benefit={benefit} oldPlan={oldPlan} newPlan={newPlan} />).container;
}

describe('ComparisonPanel', () => {
  it('lists the changed fields first, marked changed for screen readers, with readable values', () => {
    const container = renderPanel('medical', lastYear, thisYear);
    const changedTable = container.querySelector('table');
    expect(changedTable?.querySelector('caption')?.textContent).toBe('Last year vs this year');
    expect(rowsOf(changedTable!)).toEqual([
      ['Plan title (changed)', 'Gold PPO 2025', 'Gold PPO 2026'],
      ['Start date (changed)', '2025-01-01', '2026-01-01'],
      ['End date (changed)', '2025-12-31', '2026-12-31'],
      ['Tier 2 employee contribution (changed)', '$4,800', '$4,560'],
      ['Tier 1 gross cost (changed)', '$6,000', '$6,420'],
      ['Rx coinsurance % (changed)', 'none', '30%'],
      ['HSA offered (changed)', 'No', 'Yes'],
    ]);
    const marks = [...changedTable!.querySelectorAll('tr.comparison-row--changed .visually-hidden')];
    expect(marks).toHaveLength(7);
    expect(marks[0]?.textContent).toBe(' (changed)');
  });

  it('folds the unchanged fields into a <details>, without the employer id', () => {
    const container = renderPanel('medical', lastYear, thisYear);
    const details = container.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe('64 unchanged fields');
    const rows = rowsOf(details!);
    expect(rows).toHaveLength(64);
    expect(rows).toContainEqual(['Carrier', 'Aetna', 'Aetna']);
    expect(rows).toContainEqual(['Plan type', 'PPO', 'PPO']);
    expect(rows).toContainEqual(['Tobacco surcharge', '$600', '$600']);
    expect(rows).toContainEqual(['Tier 1 employer HSA/CDHP funding', 'none', 'none']);
    expect(rows).toContainEqual(['FSA offered', 'Yes', 'Yes']);
    expect(details!.querySelectorAll('.comparison-row--changed, .visually-hidden')).toHaveLength(0);
    expect(container.textContent).not.toContain(FIXTURE_IDS.employer);
  });

  it('charts the premium change per tier in percent, gross and employee contribution side by side', () => {
    const container = renderPanel('medical', lastYear, thisYear);
    const chart = container.querySelector('svg[role="img"]');
    expect(chart).not.toBeNull();
    expect(chart!.querySelector('title')?.textContent).toContain('Premium change per tier');
    const labels = [...chart!.querySelectorAll('.premium-chart__tier')].map((tier) =>
      [...tier.querySelectorAll('.premium-chart__value')].map((label) => label.textContent),
    );
    expect(labels).toEqual([
      ['+7.0%', '0.0%'],
      ['0.0%', '\u22125.0%'],
      ['0.0%', '0.0%'],
      ['0.0%', '0.0%'],
    ]);
    expect(chart!.getAttribute('aria-label')).toBe(
      'Premium change from last year per tier. ' +
        'Employee only: gross cost up 7.0%, employee contribution unchanged. ' +
        'Employee + spouse: gross cost unchanged, employee contribution down 5.0%. ' +
        'Employee + children: gross cost unchanged, employee contribution unchanged. ' +
        'Employee + family: gross cost unchanged, employee contribution unchanged.',
    );
  });

  it('draws increases above the zero line and decreases below it', () => {
    const chart = renderPanel('medical', lastYear, thisYear).querySelector('svg')!;
    const zeroY = Number(chart.querySelector('.premium-chart__zero')?.getAttribute('y1'));
    const box = (element: Element | null) => ({ y: Number(element?.getAttribute('y')), height: Number(element?.getAttribute('height')) });
    const tier1Gross = box(chart.querySelector('.premium-chart__bar--gross.premium-chart__bar--up rect')); // +7.0%
    const tier2Ee = box(chart.querySelector('.premium-chart__bar--ee.premium-chart__bar--down rect')); // -5.0%
    expect(tier1Gross.height).toBeGreaterThan(0);
    expect(tier1Gross.y + tier1Gross.height).toBeCloseTo(zeroY);
    expect(tier2Ee.height).toBeGreaterThan(0);
    expect(tier2Ee.y).toBeCloseTo(zeroY);
    expect(tier1Gross.height / tier2Ee.height).toBeCloseTo(7 / 5);
  });

  it('shows n/a in the chart for a tier whose premiums are missing', () => {
    const container = renderPanel('dental', validPlanBody('dental'), validPlanBody('dental', { t4_gross: null, t4_ee: undefined }));
    const lastTier = [...container.querySelectorAll('.premium-chart__tier')][3]!;
    expect([...lastTier.querySelectorAll('.premium-chart__value')].map((label) => label.textContent)).toEqual(['n/a', 'n/a']);
    expect(container.querySelector('svg')?.getAttribute('aria-label')).toContain(
      'Employee + family: gross cost no comparison, employee contribution no comparison.',
    );
  });

  it('has no chart for a kind without premium tiers, and says when nothing changed', () => {
    const plan = validPlanBody('std');
    const container = renderPanel('std', plan, plan);
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('.comparison-row--changed')).toBeNull();
    expect(container.textContent).toContain('no field has changed');
  });

  it('renders a plan still being typed', () => {
    const container = renderPanel('vision', validPlanBody('vision'), { exam_frequency: 'abc', t1_gross: null });
    expect(rowsOf(container.querySelector('table')!)).toContainEqual(['Exam frequency (months) (changed)', '12 months', 'abc']);
  });
});
