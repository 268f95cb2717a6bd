// The plan design an employer reads on the exhibit: a few key fields per kind, side by side, each
// flagged when the proposal changes it.
import type { Benefit } from '../plans/benefits.js';
import { planKind } from '../plans/index.js';
import { formatPlanValue } from '../plans/plan-values.js';

export type TieredBenefit = Extract<Benefit, 'medical' | 'dental' | 'vision'>;
export const TIERED_BENEFITS: readonly TieredBenefit[] = ['medical', 'dental', 'vision'];

const KEY_FIELDS: Readonly<Record<TieredBenefit, readonly string[]>> = {
  medical: [
    'carrier',
    'type',
    'funding',
    'in_ded_single',
    'in_ded_family',
    'in_max_single',
    'in_max_family',
    'in_coin',
    'out_ded_single',
    'out_ded_family',
    'out_max_single',
    'out_max_family',
    'out_coin',
    'pcp_copay',
    'sp_copay',
    'uc_copay',
    'er_copay',
    'rx_ded_single',
    'rx1_copay',
    'rx2_copay',
    'rx3_copay',
    'rx4_copay',
    'hsa',
  ],
  dental: [
    'carrier',
    'type',
    'funding',
    'in_ded_single',
    'in_ded_family',
    'in_max',
    'in_max_ortho',
    'in_prev_coin',
    'in_basic_coin',
    'in_major_coin',
    'in_ortho_coin',
  ],
  vision: [
    'carrier',
    'funding',
    'exam_copay',
    'lenses_copay',
    'exam_allowance',
    'frames_allowance',
    'contacts_allowance',
    'exam_frequency',
    'lenses_frequency',
    'frames_frequency',
  ],
};

export interface DesignRow {
  field: string;
  label: string;
  current: string | null;
  proposed: string;
  /** Only when there is a current plan and the value differs. */
  changed: boolean;
}

const valueOf = (plan: Record<string, unknown>, name: string): unknown => plan[name] ?? null;

/** The key fields of the kind, formatted as a broker reads them; `current` is null for a plan with nothing to compare. */
export function designRows(benefit: TieredBenefit, current: Record<string, unknown> | null, proposed: Record<string, unknown>): DesignRow[] {
  const fields = planKind(benefit).fields;
  return KEY_FIELDS[benefit].map((name) => {
    const spec = fields[name];
    const [before, after] = [current ? valueOf(current, name) : null, valueOf(proposed, name)];
    return {
      field: name,
      label: spec?.label ?? name,
      current: current ? formatPlanValue(spec, before) : null,
      proposed: formatPlanValue(spec, after),
      changed: current !== null && !Object.is(before, after),
    };
  });
}
