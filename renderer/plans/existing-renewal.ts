import { parseDate } from '../../shared/forms/dates';
import type { SiblingPlan } from '../../shared/plans/plausibility';
import type { PlanWizardState } from './wizard-state';

/** An employer's plan as the wizard knows it, with the plan it was renewed from. */
export type KnownPlan = SiblingPlan & { from_plan?: unknown };

/**
 * The plan already renewed (or converted) from the same plan for the year this renewal starts:
 * the service would refuse a second one only at save, so the wizard says so at once.
 */
export function existingRenewal(state: PlanWizardState, plans: readonly KnownPlan[]): KnownPlan | undefined {
  if ((state.mode !== 'renew' && state.mode !== 'convert') || !state.sourcePlan) return undefined;
  const year = parseDate(state.form.values['start_date'] ?? '')?.slice(0, 4);
  return plans.find((plan) => plan.benefit === state.benefit && plan.from_plan === state.sourcePlan!['id'] && plan.start_date.slice(0, 4) === year);
}
