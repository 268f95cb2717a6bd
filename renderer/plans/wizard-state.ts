import { planBodyFromForm, planFormErrors, planFormFromBody, type PlanFormInput } from '../../shared/forms/plan-form';
import { hiddenFields, planSteps } from '../../shared/forms/plan-steps';
import { isBenefit } from '../../shared/plans/benefits';
import { planKind, type Benefit } from '../../shared/plans/index';
import { proposeRenewal } from '../../shared/plans/renewal';
import { PAY_PERIODS_PER_YEAR, TIER_STRUCTURES, type RateHelperInput } from '../../shared/rates/rate-helper';
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

const WIZARD_MODES: readonly WizardMode[] = ['new', 'edit', 'renew', 'convert'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function rateHelperOf(value: unknown): RateHelperInput | undefined {
  if (!isRecord(value) || !isRecord(value['period'])) return undefined;
  const { structure, period, tier3Uses, ee, gross } = value;
  const kind = period['kind'];
  const periodOk = kind === 'annual' || kind === 'monthly' || (kind === 'pay-period' && (PAY_PERIODS_PER_YEAR as readonly unknown[]).includes(period['periodsPerYear']));
  if (!(TIER_STRUCTURES as readonly unknown[]).includes(structure) || !periodOk) return undefined;
  if ((tier3Uses !== 'employee-plus-one' && tier3Uses !== 'family') || !isStringArray(ee) || !isStringArray(gross)) return undefined;
  return value as unknown as RateHelperInput;
}

/**
 * A draft's state as the wizard can use it, or undefined when it is not a plan wizard's at all.
 * Drafts outlive app versions and are read back as stored: anything missing or malformed that the
 * wizard can do without (touched fields, the step, the rate helper) falls back to its default
 * instead of failing the screen, and every typed value that is text is kept.
 */
export function wizardStateFromDraft(raw: unknown): PlanWizardState | undefined {
  if (!isRecord(raw)) return undefined;
  const { mode, benefit, employerId, planId, sourcePlan, form } = raw;
  if (typeof benefit !== 'string' || !isBenefit(benefit) || typeof employerId !== 'string' || employerId === '') return undefined;
  if (!WIZARD_MODES.includes(mode as WizardMode) || (mode === 'edit' && typeof planId !== 'string')) return undefined;
  const values: Record<string, string> = {};
  const none: Record<string, boolean> = {};
  if (isRecord(form)) {
    if (isRecord(form['values'])) for (const [field, value] of Object.entries(form['values'])) if (typeof value === 'string') values[field] = value;
    if (isRecord(form['none'])) for (const [field, value] of Object.entries(form['none'])) if (value === true) none[field] = true;
  }
  values['employer'] ??= employerId;
  const last = planSteps(benefit).length - 1;
  const step = typeof raw['step'] === 'number' && Number.isInteger(raw['step']) ? Math.max(0, Math.min(raw['step'], last)) : 0;
  const rateHelper = rateHelperOf(raw['rateHelper']);
  return {
    version: 1,
    mode: mode as WizardMode,
    benefit,
    employerId,
    ...(typeof planId === 'string' ? { planId } : {}),
    ...(isRecord(sourcePlan) ? { sourcePlan } : {}),
    form: { values, none },
    touched: isStringArray(raw['touched']) ? raw['touched'] : [],
    step,
    fromActionChosen: typeof raw['fromActionChosen'] === 'boolean' ? raw['fromActionChosen'] : mode === 'edit',
    ...(rateHelper ? { rateHelper } : {}),
  };
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

/**
 * The first step holding one of these fields, and that field (the one to focus); errors of fields
 * on no step (employer, from_plan) land on review.
 */
export function firstStepWith(state: PlanWizardState, fields: Iterable<string>): [step: number, field?: string] {
  const steps = planSteps(state.benefit);
  const wanted = new Set(fields);
  for (const [index, step] of steps.entries()) {
    const field = step.fields.find((candidate) => wanted.has(candidate));
    if (field) return [index, field];
  }
  return [steps.length - 1];
}

export function draftTitle(state: PlanWizardState): string {
  return state.form.values['title']?.trim() || `Untitled ${planKind(state.benefit).label.toLowerCase()} plan`;
}
