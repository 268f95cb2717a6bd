import { planBodyFromForm, planFormErrors, planFormFromBody, type PlanFormInput } from '../../shared/forms/plan-form';
import { hiddenFields, planSteps } from '../../shared/forms/plan-steps';
import { isBenefit } from '../../shared/plans/benefits';
import { planKind, type Benefit } from '../../shared/plans/index';
import { proposeRenewal } from '../../shared/plans/renewal';
import { PAY_PERIODS_PER_YEAR, TIER_STRUCTURES, type RateHelperInput } from '../../shared/rates/rate-helper';
import { proposedSbcTitle } from '../../shared/forms/sbc-title';
import { FIELDS_NO_SBC_GIVES, type SbcReading } from '../../shared/sbc';
import type { FieldErrors } from '../../shared/validation/errors';
import type { FieldSource } from '../forms/FieldFrame';

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
  /** Set when the plan was prefilled from an SBC: where each field was read, and what it left out. */
  sbc?: SbcOrigin;
}

/** What an SBC import leaves with the wizard: the file, each prefilled field's source, the reader's warnings. */
export interface SbcOrigin {
  file: string;
  sources: SbcReading['sources'];
  warnings: string[];
}

const WIZARD_MODES: readonly WizardMode[] = ['new', 'edit', 'renew', 'convert'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function rateHelperOf(value: unknown): RateHelperInput | undefined {
  if (!isRecord(value) || !isRecord(value['period'])) return undefined;
  const { structure, period, tier3Uses, ee, gross } = value;
  const kind = period['kind'];
  const periodOk =
    kind === 'annual' || kind === 'monthly' || (kind === 'pay-period' && (PAY_PERIODS_PER_YEAR as readonly unknown[]).includes(period['periodsPerYear']));
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
  const sbc = sbcOriginOf(raw['sbc']);
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
    ...(sbc ? { sbc } : {}),
  };
}

function sbcOriginOf(value: unknown): SbcOrigin | undefined {
  if (!isRecord(value) || typeof value['file'] !== 'string' || !isRecord(value['sources'])) return undefined;
  const sources: SbcOrigin['sources'] = {};
  for (const [field, source] of Object.entries(value['sources'])) {
    if (isRecord(source) && typeof source['page'] === 'number' && typeof source['text'] === 'string')
      sources[field] = { page: source['page'], text: source['text'] };
  }
  return { file: value['file'], sources, warnings: isStringArray(value['warnings']) ? value['warnings'] : [] };
}

export const modeLabels: Record<WizardMode, string> = { new: 'New plan', edit: 'Editing', renew: 'Renewal', convert: 'Conversion' };

export function newPlanState(benefit: Benefit, employerId: string): PlanWizardState {
  const form = planFormFromBody(benefit, { employer: employerId });
  return { version: 1, mode: 'new', benefit, employerId, form, touched: [], step: 0, fromActionChosen: false };
}

/**
 * A new medical plan prefilled from an SBC reading: every field it read, with its source kept for
 * the wizard to show. Nothing is saved until the broker saves the wizard.
 */
export function sbcPlanState(employerId: string, reading: SbcReading, file: string): PlanWizardState {
  const proposed = proposedSbcTitle(reading);
  const form = planFormFromBody('medical', { ...reading.plan, ...(proposed ? { title: proposed.title } : {}), employer: employerId });
  const sources = proposed ? { ...reading.sources, title: proposed.source } : reading.sources;
  return {
    version: 1,
    mode: 'new',
    benefit: 'medical',
    employerId,
    form,
    touched: [],
    step: 0,
    fromActionChosen: false,
    sbc: { file, sources, warnings: reading.warnings },
  };
}

const SBC_NEVER_GIVES: ReadonlySet<string> = new Set(FIELDS_NO_SBC_GIVES);

/** Where an SBC import read the field, as the field's source note. */
export function sbcSource(state: PlanWizardState, field: string): FieldSource | undefined {
  const source = state.sbc?.sources[field];
  return source ? { where: `SBC page ${source.page}`, text: source.text } : undefined;
}

/** Whether the wizard should mark the field as still to enter: an SBC import left it empty and the plan needs it. */
export function stillToEnter(state: PlanWizardState, field: string): boolean {
  if (!state.sbc || field in state.sbc.sources || (state.form.values[field] ?? '') !== '' || state.form.none[field]) return false;
  return SBC_NEVER_GIVES.has(field) || planKind(state.benefit).fields[field]?.presence !== 'optional';
}

export function editPlanState(benefit: Benefit, plan: Record<string, unknown>): PlanWizardState {
  return {
    version: 1,
    mode: 'edit',
    benefit,
    employerId: String(plan['employer']),
    planId: String(plan['id']),
    sourcePlan: plan,
    form: planFormFromBody(benefit, plan),
    touched: [],
    step: 0,
    fromActionChosen: true,
  };
}

/**
 * A renewal or conversion, proposed from last year's plan. A renewal keeps the carrier and moves the
 * dates a year on, so what the broker types is this year's rates: it opens on the rates step. A
 * conversion opens on the basics, where the new carrier goes.
 */
export function renewalState(benefit: Benefit, plan: Record<string, unknown>, mode: 'renew' | 'convert'): PlanWizardState {
  const ratesStep = planSteps(benefit).findIndex((step) => step.rateHelper);
  return {
    version: 1,
    mode,
    benefit,
    employerId: String(plan['employer']),
    sourcePlan: plan,
    form: planFormFromBody(benefit, proposeRenewal(benefit, plan, mode)),
    touched: [],
    step: mode === 'renew' ? Math.max(ratesStep, 0) : 0,
    fromActionChosen: false,
  };
}

const isRenewal = (state: PlanWizardState) => state.mode === 'renew' || state.mode === 'convert' || Boolean(state.form.values['from_plan']);

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
