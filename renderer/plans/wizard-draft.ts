import type { DraftInput } from '../../shared/drafts';
import { planSteps } from '../../shared/forms/plan-steps';
import { planKind } from '../../shared/plans/index';
import { draftTitle, modeLabels, type PlanWizardState } from './wizard-state';

/** Whether a draft's state is the wizard editing `plan` (as its GET answers it now), begun on the values it still has. */
export function editsPlanAsItIs(state: unknown, plan: Record<string, unknown>): boolean {
  const wizard = state as Partial<PlanWizardState> | null;
  return wizard?.mode === 'edit' && wizard.planId === plan['id'] && wizard.sourcePlan !== undefined && sameFields(wizard.sourcePlan, plan);
}

/** What the service works out itself: the status follows the date, the times move on a save that changes nothing. */
const DERIVED = new Set(['status', 'created_at', 'updated_at', 'updated_by']);

function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = (plan: Record<string, unknown>) => Object.keys(plan).filter((key) => !DERIVED.has(key));
  return keys(a).length === keys(b).length && keys(a).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** The draft a wizard keeps on the laptop: its whole state, and a line for the drafts list. */
export function draftOf(id: string, state: PlanWizardState, employerName = ''): DraftInput {
  const steps = planSteps(state.benefit);
  const where = [
    planKind(state.benefit).label,
    modeLabels[state.mode],
    employerName,
    `step ${state.step + 1} of ${steps.length}: ${steps[state.step]?.title ?? ''}`,
  ];
  return { id, form: 'plan', title: draftTitle(state), detail: where.filter(Boolean).join(' · '), state: state as unknown as DraftInput['state'] };
}
