// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { emptyRateHelperInput, rateMessages, type AnnualTiers, type RateHelperInput } from '../../shared/rates/rate-helper';
import { RateHelper } from './RateHelper';

afterEach(cleanup);

function Harness({ initial, onFill, onSubmit }: { initial: RateHelperInput; onFill: (tiers: AnnualTiers) => void; onSubmit?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <RateHelper value={value} onChange={setValue} onFill={onFill} />
    </form>
  );
}

function setup(initial: RateHelperInput = emptyRateHelperInput(4)) {
  const onFill = vi.fn<(tiers: AnnualTiers) => void>();
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(<Harness initial={initial} onFill={onFill} onSubmit={onSubmit} />);
  return { user, onFill, onSubmit };
}

const amount = (tier: string, side: 'employee contribution' | 'gross cost') => screen.getByLabelText<HTMLInputElement>(`${tier} — ${side}`);

async function typeRates(user: UserEvent, rows: [tier: string, ee: string, gross: string][]) {
  for (const [tier, ee, gross] of rows) {
    await user.clear(amount(tier, 'employee contribution'));
    await user.type(amount(tier, 'employee contribution'), ee);
    await user.clear(amount(tier, 'gross cost'));
    await user.type(amount(tier, 'gross cost'), gross);
  }
}

describe('RateHelper', () => {
  it('fills the exact annual tiers from a 4-tier monthly rate sheet', async () => {
    const { user, onFill } = setup();
    await user.click(screen.getByLabelText('Month'));
    await typeRates(user, [
      ['Employee only', '100', '600.25'],
      ['Employee + spouse', '250', '1,200'],
      ['Employee + child(ren)', '$233.34', '1083.33'],
    ]);
    await user.type(amount('Employee + family', 'employee contribution'), '400');
    expect(onFill).not.toHaveBeenCalled(); // one amount is still empty
    await user.type(amount('Employee + family', 'gross cost'), '1666.67');
    expect(onFill).toHaveBeenLastCalledWith({
      t1_ee: 1200,
      t2_ee: 3000,
      t3_ee: 2800,
      t4_ee: 4800, // 233.34 × 12 = 2,800.08
      t1_gross: 7203,
      t2_gross: 14400,
      t3_gross: 13000,
      t4_gross: 20000, // 1,083.33 × 12 = 12,999.96; 1,666.67 × 12 = 20,000.04
    });
    expect(screen.getByText('Tier 1 (employee only) gross cost = Employee only $600.25 × 12 months = $7,203.00 → $7,203')).toBeTruthy();
  });

  it('switching to 2 tiers keeps Family and copies it into tiers 2 to 4', async () => {
    const { user, onFill } = setup();
    await typeRates(user, [
      ['Employee only', '1200', '7200'],
      ['Employee + spouse', '3000', '14400'],
      ['Employee + child(ren)', '2800', '13000'],
      ['Employee + family', '4800', '20000'],
    ]);
    await user.click(screen.getByLabelText('2 tiers'));
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(amount('Family', 'employee contribution').value).toBe('4800');
    expect(onFill).toHaveBeenLastCalledWith({
      t1_ee: 1200,
      t2_ee: 4800,
      t3_ee: 4800,
      t4_ee: 4800,
      t1_gross: 7200,
      t2_gross: 20000,
      t3_gross: 20000,
      t4_gross: 20000,
    });
  });

  it('3 tiers: tier 3 uses Family by default, or Employee + 1 when chosen', async () => {
    const { user, onFill } = setup(emptyRateHelperInput(3));
    expect(screen.getByLabelText<HTMLInputElement>('Family').checked).toBe(true);
    await typeRates(user, [
      ['Employee only', '1200', '7200'],
      ['Employee + 1', '3000', '14400'],
      ['Family', '4800', '20000'],
    ]);
    expect(onFill.mock.lastCall?.[0]).toMatchObject({ t3_ee: 4800, t3_gross: 20000 });
    await user.click(screen.getByLabelText('Employee + 1'));
    expect(onFill.mock.lastCall?.[0]).toMatchObject({ t2_ee: 3000, t3_ee: 3000, t4_ee: 4800, t3_gross: 14400 });
  });

  it('5 tiers: tier 3 is the mean of the two children rates, $x.50 rounding up', async () => {
    const { user, onFill } = setup(emptyRateHelperInput(5));
    await typeRates(user, [
      ['Employee only', '1200', '7200'],
      ['Employee + spouse', '3000', '14400'],
      ['Employee + 1 child', '2000', '6120'],
      ['Employee + 2 or more children', '2001', '7200'],
      ['Employee + family', '4800', '20000'],
    ]);
    expect(onFill).toHaveBeenLastCalledWith({
      t1_ee: 1200,
      t2_ee: 3000,
      t3_ee: 2001,
      t4_ee: 4800, // mean 2,000.50 → 2,001
      t1_gross: 7200,
      t2_gross: 14400,
      t3_gross: 6660,
      t4_gross: 20000,
    });
  });

  it('per pay period: 26 a year multiplies each amount by 26', async () => {
    const { user, onFill } = setup(emptyRateHelperInput(2));
    expect(screen.queryByLabelText('Pay periods a year')).toBeNull();
    await user.click(screen.getByLabelText('Pay period'));
    await user.selectOptions(screen.getByLabelText('Pay periods a year'), '52');
    await user.selectOptions(screen.getByLabelText('Pay periods a year'), '26');
    await typeRates(user, [
      ['Employee only', '512.34', '1000'],
      ['Family', '0.02', '19.25'],
    ]);
    expect(onFill).toHaveBeenLastCalledWith({
      t1_ee: 13321,
      t2_ee: 1,
      t3_ee: 1,
      t4_ee: 1, // 13,320.84 and 0.52
      t1_gross: 26000,
      t2_gross: 501,
      t3_gross: 501,
      t4_gross: 501, // 500.50 → 501
    });
    expect(
      screen.getByText(/^Tier 1 \(employee only\) employee contribution = Employee only \$512\.34 × 26 pay periods = \$13,320\.84 → \$13,321$/),
    ).toBeTruthy();
  });

  it('Enter moves focus to the next amount input without submitting the form', async () => {
    const { user, onSubmit } = setup(emptyRateHelperInput(2));
    await user.click(amount('Employee only', 'employee contribution'));
    await user.keyboard('100{Enter}');
    expect(document.activeElement).toBe(amount('Employee only', 'gross cost'));
    await user.keyboard('600{Enter}');
    expect(document.activeElement).toBe(amount('Family', 'employee contribution'));
    await user.keyboard('{Enter}{Enter}');
    expect(document.activeElement).toBe(amount('Family', 'gross cost'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows an invalid amount's error next to it and does not fill", async () => {
    const { user, onFill } = setup(emptyRateHelperInput(2));
    await typeRates(user, [
      ['Employee only', '12.345', '7200'],
      ['Family', '4800', '20000'],
    ]);
    const input = amount('Employee only', 'employee contribution');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(rateMessages.tooManyDecimals);
    expect(onFill).not.toHaveBeenCalled();
  });

  it('shows "Enter an amount." only once an empty input has been left', async () => {
    const { user } = setup(emptyRateHelperInput(2));
    expect(screen.queryByText('Enter an amount.')).toBeNull();
    await user.click(amount('Employee only', 'employee contribution'));
    await user.tab();
    expect(screen.getAllByText('Enter an amount.')).toHaveLength(1);
  });
});
