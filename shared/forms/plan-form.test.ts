import { describe, expect, it } from 'vitest';
import { validPlanBody } from '../../tests/support/fixtures.js';
import { BENEFITS } from '../plans/index.js';
import { planBodyFromForm, planFormErrors, planFormFromBody } from './plan-form.js';

describe('plan form: what was typed ↔ the request body', () => {
  it.each(BENEFITS)('%s: a valid plan round-trips through the form unchanged', (benefit) => {
    const body = validPlanBody(benefit);
    const form = planFormFromBody(benefit, body);
    expect(planFormErrors(benefit, form)).toEqual({});
    const back = planBodyFromForm(benefit, form);
    for (const [field, value] of Object.entries(body)) if (value !== null) expect(back[field]).toEqual(value);
  });

  it('reads money as typed by people: "$1,250" is 1250 and "20%" is 20', () => {
    const body = planBodyFromForm('medical', { values: { t1_ee: '$1,250', in_coin: '20%' }, none: {} });
    expect(body).toMatchObject({ t1_ee: 1250, in_coin: 20 });
  });

  it('keeps what is not a whole number as text, and says in the field’s words what is wrong and what is accepted', () => {
    const form = planFormFromBody('medical', validPlanBody('medical'));
    form.values['in_coin'] = '12.5';
    form.values['t1_ee'] = '12,34,5';
    form.values['t2_ee'] = '1e9';
    expect(planBodyFromForm('medical', form)).toMatchObject({ in_coin: '12.5', t1_ee: '12,34,5' });
    const errors = planFormErrors('medical', form);
    expect(errors['in_coin']).toEqual(['In-network coinsurance % is a whole number, e.g. 20 or 20%: “12.5” has a fraction.']);
    expect(errors['t1_ee']).toEqual([
      '“12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).',
    ]);
    expect(errors['t2_ee']![0]).toMatch(/must be written out in digits, e.g\. 1,200, \$1,200\.50 or 1\.2k: “1e9” is scientific notation\.$/);
  });

  it('says what is wrong with a date, naming the forms the field accepts', () => {
    const form = planFormFromBody('medical', validPlanBody('medical'));
    form.values['start_date'] = '13/45/2026';
    form.values['end_date'] = 'soon';
    const errors = planFormErrors('medical', form);
    expect(errors['start_date']).toEqual(['Start date: “13/45/2026” has no month 13. Dates are month first: 1/1/2027, 2027-01-01 or Jan 1 2027.']);
    expect(errors['end_date']).toEqual(['End date: “soon” is not a date. Type it as 1/1/2027, 2027-01-01 or Jan 1 2027.']);
  });

  it('reports an end before the start while the rest of the plan is still blank (the schema checks it only last)', () => {
    const errors = planFormErrors('medical', { values: { start_date: '7/1/2027', end_date: '6/30/2027' }, none: {} });
    expect(errors['end_date']).toEqual(['End date must be after the start date.']);
    expect(planFormErrors('medical', { values: { start_date: '7/1/2027', end_date: '6/30/2028' }, none: {} })['end_date']).toBeUndefined();
  });

  it('rounds money with cents half up to the whole dollars the spec holds, and reads "1.2k"', () => {
    const body = planBodyFromForm('medical', { values: { t1_ee: '1200.50', t2_ee: '1200.49', t3_ee: '1.2k', t4_ee: 'lots' }, none: {} });
    expect(body).toMatchObject({ t1_ee: 1201, t2_ee: 1200, t3_ee: 1200, t4_ee: 'lots' });
  });

  it('reads dates as brokers type them and sends them as ISO dates', () => {
    const body = planBodyFromForm('medical', { values: { start_date: '1/1/2027', end_date: 'Dec 31 2027' }, none: {} });
    expect(body).toMatchObject({ start_date: '2027-01-01', end_date: '2027-12-31' });
  });

  it('a blank required field is reported as required; "none" sends null where the spec allows it', () => {
    const form = planFormFromBody('medical', validPlanBody('medical'));
    form.values['tobacco_surcharge'] = '';
    expect(planFormErrors('medical', form)['tobacco_surcharge']).toEqual(['This field is required.']);
    form.none['tobacco_surcharge'] = true;
    expect(planFormErrors('medical', form)['tobacco_surcharge']).toBeUndefined();
    expect(planBodyFromForm('medical', form)['tobacco_surcharge']).toBeNull();
  });

  it('"none" cannot null a field that is simply required', () => {
    const form = planFormFromBody('medical', validPlanBody('medical'));
    form.values['in_coin'] = '';
    form.none['in_coin'] = true;
    expect(planFormErrors('medical', form)['in_coin']).toEqual(['This field is required.']);
  });

  it('leaves hidden fields out of the body', () => {
    const body = planBodyFromForm('basiclife', { values: { type: 'FLAT_AMOUNT', multiple: '2', flat_amount: '50000' }, none: {} }, new Set(['multiple']));
    expect(body).not.toHaveProperty('multiple');
    expect(body['flat_amount']).toBe(50000);
  });

  it('a stored null of a nullable field comes back as "none"', () => {
    const form = planFormFromBody('medical', { ...validPlanBody('medical'), spousal_surcharge: null });
    expect(form.none['spousal_surcharge']).toBe(true);
    expect(form.values['spousal_surcharge']).toBe('');
  });
});
