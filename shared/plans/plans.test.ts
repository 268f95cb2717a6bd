// The plan field tables against service-spec.md ("Resources and their fields"), and the rules every
// plan kind shares (DECISIONS.md, "Validation rules the spec implies"). Expected field names are
// copied from the spec's tables, not from the code.
import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages.js';
import { BENEFITS, type Benefit } from './benefits.js';
import { FIXTURE_IDS, validPlanBody, withoutKeys } from '../../tests/support/fixtures.js';
import { planKind, planKinds } from './index.js';

type Presence = 'required' | 'nullable' | 'optional';
type Table = Record<string, Presence>;

const req = (...names: string[]): Table => Object.fromEntries(names.map((n) => [n, 'required' as const]));
const nul = (...names: string[]): Table => Object.fromEntries(names.map((n) => [n, 'nullable' as const]));
const opt = (...names: string[]): Table => Object.fromEntries(names.map((n) => [n, 'optional' as const]));

// "Fields common to every plan kind"
const COMMON_WITHOUT_PT: Table = {
  ...req('employer', 'title', 'carrier', 'start_date', 'end_date'),
  ...opt('from_plan', 'from_action'),
};
const COMMON: Table = { ...COMMON_WITHOUT_PT, ...req('pt') };

// "Fields shared by medical, dental and vision"
const SHARED: Table = req('funding', 't1_ee', 't2_ee', 't3_ee', 't4_ee', 't1_gross', 't2_gross', 't3_gross', 't4_gross');

/** Every field of every kind, as the spec's tables list them, with its presence. */
const SPEC: Record<Benefit, { fields: Table; total: number; required: number }> = {
  medical: {
    total: 74,
    required: 41,
    fields: {
      ...COMMON,
      ...SHARED,
      ...req('type', 'in_ded_single', 'in_ded_family', 'in_max_single', 'in_max_family', 'in_coin'),
      ...opt('out_ded_single', 'out_ded_family', 'out_max_single', 'out_max_family', 'out_coin'),
      ...opt('rx_ded_single', 'rx_ded_family', 'rx_max_single', 'rx_max_family', 'rx_coin'),
      ...req('pcp_ded_apply', 'sp_ded_apply', 'er_ded_apply', 'uc_ded_apply', 'lx_ded_apply', 'ip_ded_apply', 'op_ded_apply'),
      ...req('rx1_ded_apply', 'rx2_ded_apply'),
      ...opt('rx3_ded_apply', 'rx4_ded_apply'),
      ...opt('rx1_mail_ded_apply', 'rx2_mail_ded_apply', 'rx3_mail_ded_apply', 'rx4_mail_ded_apply'),
      ...opt('pcp_copay', 'sp_copay', 'er_copay', 'uc_copay', 'lx_copay', 'ip_copay', 'op_copay'),
      ...opt('rx1_copay', 'rx2_copay', 'rx3_copay', 'rx4_copay'),
      ...opt('rx1_mail_copay', 'rx2_mail_copay', 'rx3_mail_copay', 'rx4_mail_copay'),
      ...req('hra', 'hsa', 'fsa', 'age_rated', 'salary_banding'),
      ...nul('tobacco_surcharge', 'spousal_surcharge'),
      ...nul('t1_ercdhp', 't2_ercdhp', 't3_ercdhp', 't4_ercdhp'),
    },
  },
  dental: {
    total: 38,
    required: 21,
    fields: {
      ...COMMON,
      ...SHARED,
      ...req('type', 'in_ded_single', 'in_ded_family', 'in_max'),
      ...opt('in_max_ortho'),
      ...opt('out_ded_single', 'out_ded_family', 'out_max', 'out_max_ortho'),
      ...req('prev_ded_apply', 'basic_ded_apply'),
      ...opt('major_ded_apply', 'ortho_ded_apply'),
      ...opt('in_prev_coin', 'in_basic_coin', 'in_major_coin', 'in_ortho_coin'),
      ...opt('out_prev_coin', 'out_basic_coin', 'out_major_coin', 'out_ortho_coin'),
    },
  },
  vision: {
    total: 33,
    required: 19,
    fields: {
      ...COMMON,
      ...SHARED,
      ...req('exam_frequency', 'lenses_frequency', 'frames_frequency', 'contacts_frequency'),
      ...opt('exam_copay', 'lenses_copay', 'frames_copay', 'contacts_copay'),
      ...opt('exam_allowance', 'lenses_allowance', 'frames_allowance', 'contacts_allowance'),
      ...opt('exam_out_allowance', 'lenses_out_allowance', 'frames_out_allowance', 'contacts_out_allowance'),
    },
  },
  basiclife: {
    total: 13,
    required: 8,
    fields: { ...COMMON, ...req('type', 'add'), ...opt('multiple', 'multiple_max', 'flat_amount') },
  },
  voluntarylife: {
    total: 13,
    required: 9,
    fields: { ...COMMON, ...req('max', 'guarantee_issue', 'add'), ...opt('max_spouse', 'max_children') },
  },
  std: {
    total: 14,
    required: 12,
    fields: { ...COMMON, ...req('cost_share', 'percentage', 'weekly_max', 'waiting_days_injury', 'waiting_days_sick', 'duration_weeks') },
  },
  ltd: {
    total: 12,
    required: 10,
    fields: { ...COMMON, ...req('cost_share', 'percentage', 'monthly_max', 'waiting_weeks') },
  },
  stoploss: {
    total: 12,
    required: 9,
    fields: { ...COMMON_WITHOUT_PT, ...req('spec_ded', 'spec_rate_single', 'spec_rate_family', 'num_lasers'), ...opt('agg_rate') },
  },
  supplemental: {
    total: 15,
    required: 13,
    fields: {
      ...COMMON_WITHOUT_PT,
      ...req('critical_illness', 'hospital_indemnity', 'accident', 'cancer', 'pet', 'legal_assist', 'credit_protection', 'tuition_reimburse'),
    },
  },
};

const names = (table: Table, ...presences: Presence[]) =>
  Object.entries(table)
    .filter(([, p]) => presences.includes(p))
    .map(([n]) => n)
    .sort();

const sorted = (list: Iterable<string>) => [...list].sort();

describe('the nine benefit kinds', () => {
  it('are medical, dental, vision, basiclife, voluntarylife, std, ltd, stoploss, supplemental', () => {
    expect([...BENEFITS]).toEqual(['medical', 'dental', 'vision', 'basiclife', 'voluntarylife', 'std', 'ltd', 'stoploss', 'supplemental']);
    expect(Object.keys(planKinds).sort()).toEqual([...BENEFITS].sort());
    for (const benefit of BENEFITS) expect(planKind(benefit).benefit).toBe(benefit);
  });
});

describe.each(BENEFITS)('%s plan fields', (benefit) => {
  const spec = SPEC[benefit];
  const kind = planKind(benefit);

  it(`has ${spec.total} fields, ${spec.required} of them required`, () => {
    // The expected tables themselves agree with the counts the spec states.
    expect(Object.keys(spec.fields)).toHaveLength(spec.total);
    expect(names(spec.fields, 'required', 'nullable')).toHaveLength(spec.required);

    expect(Object.keys(kind.fields)).toHaveLength(spec.total);
    expect(Object.values(kind.fields).filter((f) => f.presence !== 'optional')).toHaveLength(spec.required);
  });

  it('has exactly the field names of the spec', () => {
    expect(sorted(Object.keys(kind.fields))).toEqual(names(spec.fields, 'required', 'nullable', 'optional'));
  });

  it('gives each field the presence of the spec (required, required but nullable, optional)', () => {
    const actual = Object.fromEntries(Object.entries(kind.fields).map(([n, f]) => [n, f.presence]));
    expect(actual).toEqual(spec.fields);
  });

  it('accepts the valid fixture body', () => {
    const result = kind.parse(validPlanBody(benefit));
    expect(result).toMatchObject({ ok: true });
  });

  it('reports every required key missing from an empty body as "This field is required."', () => {
    const result = kind.parse({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(sorted(Object.keys(result.errors))).toEqual(names(spec.fields, 'required', 'nullable'));
    for (const list of Object.values(result.errors)) expect(list).toEqual([messages.required]);
  });

  it('returns absent optional fields as null', () => {
    const required = names(spec.fields, 'required', 'nullable');
    const body = Object.fromEntries(Object.entries(validPlanBody(benefit)).filter(([n]) => required.includes(n)));
    if (benefit === 'basiclife') body.multiple = 2; // required when type is MULTIPLE_OF_SALARY
    const result = kind.parse(body);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(sorted(Object.keys(result.value))).toEqual(names(spec.fields, 'required', 'nullable', 'optional'));
    for (const name of names(spec.fields, 'optional')) {
      if (benefit === 'basiclife' && name === 'multiple') continue;
      expect(result.value[name as keyof typeof result.value], name).toBeNull();
    }
  });

  it('accepts null for every optional field', () => {
    const nulls = Object.fromEntries(names(spec.fields, 'optional').map((n) => [n, null]));
    const result = kind.parse({ ...validPlanBody(benefit), ...nulls, ...(benefit === 'basiclife' ? { multiple: 2 } : {}) });
    expect(result.ok).toBe(true);
  });

  it('rejects null for every strictly required field', () => {
    const strict = names(spec.fields, 'required');
    const body = { ...validPlanBody(benefit), ...Object.fromEntries(strict.map((n) => [n, null])) };
    const result = kind.parse(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(sorted(Object.keys(result.errors))).toEqual(strict);
    for (const list of Object.values(result.errors)) expect(list).toEqual([messages.notNull]);
  });

  it('ignores unknown fields and read-only fields sent in the body', () => {
    const body = validPlanBody(benefit, { id: '00000000-0000-4000-8000-000000000000', status: 'EXPIRED', created_at: 'x', nickname: 'Gold' });
    const result = kind.parse(body);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(sorted(Object.keys(result.value))).toEqual(names(spec.fields, 'required', 'nullable', 'optional'));
  });

  it('treats a "__proto__" key of a JSON body as an unknown field, never as the body\'s fields', () => {
    const hidden = kind.parse(JSON.parse(`{"__proto__": ${JSON.stringify(validPlanBody(benefit))}}`) as Record<string, unknown>);
    expect(hidden.ok).toBe(false);
    if (hidden.ok) return;
    expect(sorted(Object.keys(hidden.errors))).toEqual(names(spec.fields, 'required', 'nullable'));
    const beside = kind.parse(JSON.parse(`{"__proto__": {"title": "Hidden"}, ${JSON.stringify(validPlanBody(benefit)).slice(1)}`) as Record<string, unknown>);
    expect(beside.ok).toBe(true);
    if (beside.ok) expect(beside.value.title).toBe(validPlanBody(benefit).title);
  });
});

describe('fields common to every plan kind', () => {
  const medical = planKinds.medical;

  it('requires the employer to be a uuid', () => {
    expect(medical.parse(validPlanBody('medical', { employer: 'acme' }))).toEqual({ ok: false, errors: { employer: [messages.uuid] } });
  });

  it('normalises uuids to lower case', () => {
    const result = medical.parse(validPlanBody('medical', { employer: FIXTURE_IDS.employer.toUpperCase() }));
    expect(result.ok && result.value.employer).toBe(FIXTURE_IDS.employer);
  });

  it('rejects a blank required string', () => {
    expect(medical.parse(validPlanBody('medical', { title: '' }))).toEqual({ ok: false, errors: { title: [messages.blank] } });
    expect(medical.parse(validPlanBody('medical', { carrier: '   ' }))).toEqual({ ok: false, errors: { carrier: [messages.blank] } });
  });

  it('trims surrounding whitespace', () => {
    const result = medical.parse(validPlanBody('medical', { title: '  Gold PPO \n', carrier: '\tAetna ' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.title).toBe('Gold PPO');
    expect(result.value.carrier).toBe('Aetna');
  });

  it('rejects a number where a string is required', () => {
    expect(medical.parse(validPlanBody('medical', { title: 2025 }))).toEqual({ ok: false, errors: { title: [messages.notString] } });
  });

  it('rejects a title over 255 characters', () => {
    expect(medical.parse(validPlanBody('medical', { title: 'x'.repeat(256) }))).toEqual({
      ok: false,
      errors: { title: ['Ensure this field has no more than 255 characters.'] },
    });
    expect(medical.parse(validPlanBody('medical', { title: 'x'.repeat(255) })).ok).toBe(true);
  });

  it('requires pt to be a boolean', () => {
    expect(medical.parse(validPlanBody('medical', { pt: 'true' }))).toEqual({ ok: false, errors: { pt: [messages.boolean] } });
    expect(medical.parse(validPlanBody('medical', { pt: 1 }))).toEqual({ ok: false, errors: { pt: ['Must be a valid boolean.'] } });
  });

  it.each(['stoploss', 'supplemental'] as const)('has no pt on a %s plan: pt is not required and is ignored when sent', (benefit) => {
    const kind = planKind(benefit);
    expect(kind.parse(withoutKeys(validPlanBody(benefit), 'pt')).ok).toBe(true);
    const result = kind.parse(validPlanBody(benefit, { pt: true }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).not.toHaveProperty('pt');
  });

  describe('dates', () => {
    it('accepts YYYY-MM-DD dates, 2024-02-29 included', () => {
      expect(medical.parse(validPlanBody('medical', { start_date: '2024-02-29', end_date: '2025-02-28' })).ok).toBe(true);
    });

    it('rejects 2025-02-29 as a date', () => {
      expect(medical.parse(validPlanBody('medical', { start_date: '2025-02-29' }))).toEqual({
        ok: false,
        errors: { start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      });
    });

    it.each(['2025-04-31', '2025-13-01', '2025-00-10', '2025-1-1', '01/01/2025', '2025-01-01T00:00:00Z', '20250101', ' 2025-01-01', ''])(
      'rejects %j as a date',
      (date) => {
        expect(medical.parse(validPlanBody('medical', { end_date: date }))).toEqual({ ok: false, errors: { end_date: [messages.date] } });
      },
    );

    it('rejects a date sent as a number', () => {
      expect(medical.parse(validPlanBody('medical', { start_date: 20250101 }))).toEqual({ ok: false, errors: { start_date: [messages.date] } });
    });

    it('rejects an end_date on or before start_date', () => {
      const endBeforeStart = { ok: false, errors: { end_date: ['End date must be after the start date.'] } };
      expect(medical.parse(validPlanBody('medical', { start_date: '2025-01-01', end_date: '2025-01-01' }))).toEqual(endBeforeStart);
      expect(medical.parse(validPlanBody('medical', { start_date: '2025-01-01', end_date: '2024-12-31' }))).toEqual(endBeforeStart);
      expect(medical.parse(validPlanBody('medical', { start_date: '2025-01-01', end_date: '2025-01-02' })).ok).toBe(true);
    });

    it('rejects an end_date before start_date for every kind', () => {
      for (const benefit of BENEFITS) {
        const result = planKind(benefit).parse(validPlanBody(benefit, { start_date: '2026-01-01', end_date: '2025-12-31' }));
        expect(result, benefit).toEqual({ ok: false, errors: { end_date: ['End date must be after the start date.'] } });
      }
    });

    it('does not blame end_date when start_date is not a date', () => {
      expect(medical.parse(validPlanBody('medical', { start_date: '2025-13-01', end_date: '2025-06-30' }))).toEqual({
        ok: false,
        errors: { start_date: [messages.date] },
      });
    });
  });

  describe('from_plan and from_action', () => {
    const fresh = { from_plan: undefined, from_action: undefined };

    it('accepts a plan with neither (a new plan)', () => {
      expect(medical.parse(validPlanBody('medical', fresh)).ok).toBe(true);
      expect(medical.parse(validPlanBody('medical', { from_plan: null, from_action: null })).ok).toBe(true);
    });

    it.each(['RENEWED', 'CONVERTED'])('accepts from_action %s together with from_plan', (action) => {
      const result = medical.parse(validPlanBody('medical', { from_plan: FIXTURE_IDS.priorPlan, from_action: action }));
      expect(result.ok && result.value.from_action).toBe(action);
    });

    it('requires from_action together with from_plan', () => {
      expect(medical.parse(validPlanBody('medical', { ...fresh, from_plan: FIXTURE_IDS.priorPlan }))).toEqual({
        ok: false,
        errors: { from_action: ['This field is required when from_plan is given.'] },
      });
    });

    it('requires from_plan together with from_action', () => {
      expect(medical.parse(validPlanBody('medical', { ...fresh, from_action: 'RENEWED' }))).toEqual({
        ok: false,
        errors: { from_plan: ['This field is required when from_action is given.'] },
      });
      expect(planKinds.basiclife.parse(validPlanBody('basiclife', { ...fresh, from_action: 'CONVERTED' }))).toEqual({
        ok: false,
        errors: { from_plan: ['This field is required when from_action is given.'] },
      });
    });

    it('rejects a from_action other than RENEWED or CONVERTED', () => {
      expect(medical.parse(validPlanBody('medical', { from_action: 'renewed' }))).toEqual({
        ok: false,
        errors: { from_action: ['"renewed" is not a valid choice.'] },
      });
    });

    it('requires from_plan to be a uuid', () => {
      expect(medical.parse(validPlanBody('medical', { from_plan: 'last-year' }))).toEqual({
        ok: false,
        errors: { from_plan: [messages.uuid] },
      });
    });
  });
});

describe('a blank record of a kind', () => {
  it.each(BENEFITS)('%s: every field, null, in field order, a new object each time', (benefit) => {
    const kind = planKind(benefit);
    const blank = kind.blankRecord();
    expect(Object.keys(blank)).toEqual(kind.fieldNames);
    expect(Object.values(blank).every((value) => value === null)).toBe(true);
    blank[kind.fieldNames[0]!] = 'filled';
    expect(kind.blankRecord()[kind.fieldNames[0]!]).toBeNull();
  });
});
