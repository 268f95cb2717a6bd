import type { FieldTable, RecordOf } from '../validation/fields.js';
import { basiclife } from './basiclife.js';
import { BENEFITS, type Benefit } from './benefits.js';
import { dental } from './dental.js';
import type { PlanKind } from './kind.js';
import { ltd } from './ltd.js';
import { medical } from './medical.js';
import { std } from './std.js';
import { stoploss } from './stoploss.js';
import { supplemental } from './supplemental.js';
import { vision } from './vision.js';
import { voluntarylife } from './voluntarylife.js';

export const planKinds = { medical, dental, vision, basiclife, voluntarylife, std, ltd, stoploss, supplemental } satisfies {
  [B in Benefit]: PlanKind<B, FieldTable>;
};

type PlanKinds = typeof planKinds;
type PlanInput<B extends Benefit = Benefit> = RecordOf<PlanKinds[B]['fields']>;

type PlanStatus = 'ACTIVE' | 'EXPIRED';

/** A plan as the service returns it. */
export type Plan<B extends Benefit = Benefit> = PlanInput<B> & {
  id: string;
  status: PlanStatus;
  created_at: string;
  updated_at: string;
  created_by: string;
  updated_by: string;
};

export function planKind(benefit: Benefit): PlanKind {
  return planKinds[benefit] as unknown as PlanKind;
}

export { BENEFITS, type Benefit };
