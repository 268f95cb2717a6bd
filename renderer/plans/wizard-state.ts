import { planBodyFromForm, planFormErrors, planFormFromBody, type PlanFormInput } from '../../shared/forms/plan-form';
import { hiddenFields, planSteps } from '../../shared/forms/plan-steps';
import { planKind, type Benefit } from '../../shared/plans/index';
import { proposeRenewal } from '../../shared/plans/renewal';
import type { RateHelperInput } from '../../shared/rates/rate-helper';
import type { FieldErrors } from '../../shared/validation/errors';

export type WizardMode = 'new' | 'edit' | 'renew' | 'convert';

/** Everything a plan wizard holds; saved as the draft's state at every change. */
export interface PlanWizardState {
  version: 1;
  mode: WizardMode;
  benefit: Benefit;
  employerId: string;
  /** The plan being edited. */
  planId?: string;
  /** The plan as stored before this wizard: last year's plan when renewing, the original when editing. */
  sourcePlan?: Record<string, unknown>;
  form: PlanFormInput;
  touched: string[];
  step: number;
  /** Set once the broker picks the renewal action, so a carrier change no longer re-proposes it. */
  fromActionChosen: boolean;
  rateHelper?: RateHelperInput;
}

export const modeLabels: Record<WizardMode, string> = { new: 'New plan', edit: 'Editing', renew: 'Renewal', convert: 'Conversion' };

export function newPlanState(benefit: Benefit, employerId: string): PlanWizardState {
  const form = planFormFromBody(benefit, { employer: employerId });
  return { version: 1, mode: 'new', benefit, employerId, form, touched: [], step: 0, fromActionChosen: false };
}

export function editPlanState(benefit: Benefit, plan: Record<string, unknown>): PlanWizardState {
  return {
    version: 1, mode: 'edit', benefit, employerId: String(plan['employer']), planId: String(plan['id']), sourcePlan: plan,
    form: planFormFromBody(benefit, plan), touched: [], step: 0, fromActionChosen: true,
  };
}

export function renewalState(benefit: Benefit, plan: Record<string, unknown>, mode: 'renew' | 'convert'): PlanWizardState {
  return {
    version: 1, mode, benefit, employerId: String(plan['employer']), sourcePlan: plan,
    form: planFormFromBody(benefit, proposeRenewal(benefit, plan, mode)), touched: [], step: 0, fromActionChosen: false,
  };
}

export const isRenewal = (state: PlanWizardState) => state.mode === 'renew' || state.mode === 'convert' || Boolean(state.form.values['from_plan']);

export function hiddenOf(state: PlanWizardState): Set<string> {
  return hiddenFields(state.benefit, state.form.values, isRenewal(state));
}

export function bodyOf(state: PlanWizardState): Record<string, unknown> {
  return planBodyFromForm(state.benefit, state.form, hiddenOf(state));
}

export function errorsOf(state: PlanWizardState): FieldErrors {
  return planFormErrors(state.benefit, state.form, hiddenOf(state));
}

/** The first step holding one of these fields; errors of fields on no step (employer, from_plan) land on review. */
export function firstStepWith(state: PlanWizardState, fields: Iterable<string>): number {
  const steps = planSteps(state.benefit);
  const wanted = new Set(fields);
  const index = steps.findIndex((step) => step.fields.some((field) => wanted.has(field)));
  return index === -1 ? steps.length - 1 : index;
}

export function draftTitle(state: PlanWizardState): string {
  return state.form.values['title']?.trim() || `Untitled ${planKind(state.benefit).label.toLowerCase()} plan`;
}
