import { plausibilityWarnings, type PlausibilityWarning, type SiblingPlan } from '../../shared/plans/plausibility';
import { bodyOf, type PlanWizardState } from './wizard-state';

/**
 * The plan this one was renewed or converted from, and its carrier. A renewal's source plan is that
 * plan; when editing, the source plan is the plan itself, so its prior plan is looked up among the
 * employer's plans (nothing is compared while they load).
 */
export function priorPlanOf(state: PlanWizardState, siblings: readonly SiblingPlan[]): Record<string, unknown> | undefined {
  const fromPlan = state.form.values['from_plan'];
  if (!fromPlan) return undefined;
  return state.mode === 'edit' ? (siblings.find((plan) => plan.id === fromPlan) as Record<string, unknown> | undefined) : state.sourcePlan;
}

function priorPlanCarrier(state: PlanWizardState, siblings: readonly SiblingPlan[]): string | undefined {
  const prior = priorPlanOf(state, siblings);
  return prior ? String(prior['carrier'] ?? '') : undefined;
}

/** The review's plausibility warnings (never blocking): shown on the review, and after a save from any step. */
export function warningsOf(state: PlanWizardState, siblings: SiblingPlan[]): PlausibilityWarning[] {
  const priorCarrier = priorPlanCarrier(state, siblings);
  return plausibilityWarnings(state.benefit, bodyOf(state), {
    siblings,
    // The service's today: the date in UTC.
    today: new Date().toISOString().slice(0, 10),
    ...(priorCarrier !== undefined ? { fromPlan: { carrier: priorCarrier } } : {}),
  });
}
