import { describe, expect, it } from 'vitest';
import type { SbcReading } from '../../shared/sbc';
import { sbcPlanState, sbcSource, stillToEnter, wizardStateFromDraft } from './wizard-state';

const EMPLOYER = '11111111-1111-4111-8111-111111111111';
const reading: SbcReading = {
  plan: { carrier: 'Kaiser Permanente', type: 'PPO', in_ded_single: 1000, pcp_copay: 40, pcp_ded_apply: 'FALSE' },
  sources: {
    carrier: { page: 1, text: 'Kaiser Permanente: $40/$1000 PPO Plan Insurance' },
    type: { page: 1, text: 'Plan Type: PPO' },
    in_ded_single: { page: 1, text: '$1,000 person/$2,000 family' },
    pcp_copay: { page: 2, text: 'Primary care visit: $40 copay/visit' },
    pcp_ded_apply: { page: 2, text: 'Primary care visit: $40 copay/visit' },
  },
  missing: [],
  warnings: ['The coverage period is not printed as two dates (it may be left blank): enter the start and end dates.'],
};

describe('a medical plan wizard prefilled from an SBC', () => {
  const state = sbcPlanState(EMPLOYER, reading, 'kaiser.pdf');

  it('opens a new medical plan of the employer with every value read', () => {
    expect(state).toMatchObject({ mode: 'new', benefit: 'medical', employerId: EMPLOYER, step: 0 });
    expect(state.form.values).toMatchObject({
      employer: EMPLOYER,
      carrier: 'Kaiser Permanente',
      type: 'PPO',
      in_ded_single: '1000',
      pcp_copay: '40',
      pcp_ded_apply: 'FALSE',
    });
  });

  it("shows each prefilled field's page and sentence", () => {
    expect(sbcSource(state, 'pcp_copay')).toEqual({ where: 'SBC page 2', text: 'Primary care visit: $40 copay/visit' });
  });

  it('proposes a title of the carrier and the plan name on the header line, and says where it was read', () => {
    expect(state.form.values['title']).toBe('Kaiser Permanente $40/$1000 PPO Plan Insurance');
    expect(sbcSource(state, 'title')).toEqual({ where: 'SBC page 1', text: 'Kaiser Permanente: $40/$1000 PPO Plan Insurance' });
    expect(stillToEnter(state, 'title')).toBe(false);
    const header = {
      ...reading,
      sources: { ...reading.sources, carrier: { page: 1, text: 'Aetna: Aetna Gold PPO 1000 Coverage for: Individual + Family | Plan Type: PPO' } },
      plan: { ...reading.plan, carrier: 'Aetna' },
    };
    expect(sbcPlanState(EMPLOYER, header, 'aetna.pdf').form.values['title']).toBe('Aetna Gold PPO 1000');
    const logoOnly = { ...reading, sources: { ...reading.sources, carrier: { page: 1, text: 'www.aetna.com' } } };
    expect(sbcPlanState(EMPLOYER, logoOnly, 'aetna.pdf').form.values['title']).toBe('');
  });

  it('marks as still to enter what an SBC never gives and the required fields it left empty, not optional ones', () => {
    expect(stillToEnter(state, 't1_ee')).toBe(true);
    expect(stillToEnter(state, 'funding')).toBe(true);
    expect(stillToEnter(state, 'start_date')).toBe(true);
    expect(stillToEnter(state, 'carrier')).toBe(false);
    expect(stillToEnter(state, 'out_coin')).toBe(false);
  });

  it('no longer marks a field once the broker has entered it', () => {
    const entered = { ...state, form: { ...state.form, values: { ...state.form.values, t1_ee: '1200' } } };
    expect(stillToEnter(entered, 't1_ee')).toBe(false);
  });

  it('keeps the sources and warnings through the saved draft', () => {
    const restored = wizardStateFromDraft(JSON.parse(JSON.stringify(state)));
    expect(restored?.sbc).toEqual({ file: 'kaiser.pdf', sources: { ...reading.sources, title: reading.sources.carrier }, warnings: reading.warnings });
  });

  it('marks nothing on a wizard that did not come from an SBC', () => {
    const { sbc: _sbc, ...plain } = state;
    expect(stillToEnter(plain, 't1_ee')).toBe(false);
  });
});
