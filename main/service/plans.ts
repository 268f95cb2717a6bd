import { planKind, type Benefit, type Plan } from '../../shared/plans/index.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { planFields } from '../history/record-fields.js';
import { journal } from '../journal/journal.js';
import {
  deletePlan,
  findPlanIdByTitle,
  getPlan,
  getPlanHeader,
  insertPlan,
  renewalsOf,
  updatePlan,
  type PlanMeta,
  type PlanValues,
} from '../store/plans-store.js';
import { conflict, invalid, notFound } from './api-error.js';
import type { Caller } from './caller.js';
import { timestamp, today, writing, type ServiceContext } from './context.js';
import { isVisibleEmployer } from './employers.js';

const planRuleMessages = {
  titleTaken: (benefit: Benefit) => `${benefit} plan with this title already exists for this employer.`,
  priorOtherEmployer: 'The prior-year plan must belong to the same employer.',
  priorOtherKind: (benefit: Benefit) => `The prior-year plan must be a ${benefit} plan.`,
  priorIsSelf: 'A plan cannot be renewed or converted from itself.',
  priorStartsLater: 'The prior-year plan must start before this plan starts.',
  renewalsDependOnEmployer: (titles: string[]) =>
    `This plan is the prior-year plan of ${quoteList(titles)}, which stay with their employer; it cannot move to another employer.`,
  renewalsDependOnStart: (titles: string[]) => `This plan is the prior-year plan of ${quoteList(titles)}; it must start before they do.`,
  renewalsBlockDelete: (titles: string[]) => `This plan is the prior-year plan of ${quoteList(titles)}; delete those plans or clear their from_plan first.`,
};

const planPath = (benefit: Benefit, id: string) => `/plans/${benefit}/${id}/`;

export function createPlan(context: ServiceContext, caller: Caller, benefit: Benefit, body: Record<string, unknown>): Promise<Plan> {
  return writing(context, async (context) => {
    const { meta, values } = await insertValidPlan(context, caller, benefit, body);
    return planResponse(context, meta, values);
  });
}

/** `createPlan` for a writer that needs only the new plan's id (a pull making thousands): no answer is built. */
export function createPlanId(context: ServiceContext, caller: Caller, benefit: Benefit, body: Record<string, unknown>): Promise<string> {
  return writing(context, async (context) => (await insertValidPlan(context, caller, benefit, body)).meta.id);
}

async function insertValidPlan(
  context: ServiceContext,
  caller: Caller,
  benefit: Benefit,
  body: Record<string, unknown>,
): Promise<{ meta: PlanMeta; values: PlanValues }> {
  const values = await validPlanValues(context, caller, benefit, body, undefined);
  const at = timestamp(context);
  const meta: PlanMeta = {
    id: context.newId(),
    benefit,
    employer_id: values.employer as string,
    created_at: at,
    created_by: caller.userId,
    updated_at: at,
    updated_by: caller.userId,
  };
  await insertPlan(context.db, meta, values);
  journal(context, caller.userId, { entity: 'plan', op: 'create', id: meta.id, path: planPath(benefit, meta.id), fields: planFields(benefit, values) });
  return { meta, values };
}

export async function readPlan(context: ServiceContext, caller: Caller, benefit: Benefit, id: string): Promise<Plan> {
  const plan = await visiblePlan(context, caller, benefit, id);
  return planResponse(context, plan.meta, plan.values);
}

export function replacePlan(context: ServiceContext, caller: Caller, benefit: Benefit, id: string, body: Record<string, unknown>): Promise<Plan> {
  return writing(context, async (context) => {
    const existing = await visiblePlan(context, caller, benefit, id);
    const values = await validPlanValues(context, caller, benefit, body, id);
    const meta: PlanMeta = { ...existing.meta, employer_id: values.employer as string, updated_at: timestamp(context), updated_by: caller.userId };
    await updatePlan(context.db, meta, values);
    journal(context, caller.userId, { entity: 'plan', op: 'update', id, path: planPath(benefit, id), fields: planFields(benefit, values) });
    return planResponse(context, meta, values);
  });
}

export async function removePlan(context: ServiceContext, caller: Caller, benefit: Benefit, id: string): Promise<void> {
  await writing(context, async (context) => {
    await visiblePlan(context, caller, benefit, id);
    const renewals = await renewalsOf(context.db, id);
    if (renewals.length > 0) throw conflict(planRuleMessages.renewalsBlockDelete(renewals.map((renewal) => renewal.title)));
    await deletePlan(context.db, id);
    journal(context, caller.userId, { entity: 'plan', op: 'delete', id, path: planPath(benefit, id), fields: null });
  });
}

async function visiblePlan(context: ServiceContext, caller: Caller, benefit: Benefit, id: string) {
  const plan = await getPlan(context.db, benefit, id);
  if (!plan || !(await isVisibleEmployer(context, caller, plan.meta.employer_id))) throw notFound();
  return plan;
}

async function validPlanValues(
  context: ServiceContext,
  caller: Caller,
  benefit: Benefit,
  body: Record<string, unknown>,
  selfId: string | undefined,
): Promise<PlanValues> {
  const parsed = planKind(benefit).parse(body);
  if (!parsed.ok) throw invalid(parsed.errors);
  const values = parsed.value as PlanValues;
  const employer = values.employer as string;
  const errors: FieldErrors = {};
  if (!(await isVisibleEmployer(context, caller, employer))) {
    addError(errors, 'employer', messages.doesNotExist(employer));
    throw invalid(errors);
  }
  const sameTitle = await findPlanIdByTitle(context.db, employer, benefit, values.title as string);
  if (sameTitle !== undefined && sameTitle !== selfId) addError(errors, 'title', planRuleMessages.titleTaken(benefit));
  await checkPriorPlan(context, caller, benefit, values, selfId, errors);
  if (selfId !== undefined) await checkRenewalsStillHold(context, selfId, values, errors);
  if (hasErrors(errors)) throw invalid(errors);
  return values;
}

/** `from_plan` names a plan of the same employer and kind, not this one, starting before this one starts. */
async function checkPriorPlan(
  context: ServiceContext,
  caller: Caller,
  benefit: Benefit,
  values: PlanValues,
  selfId: string | undefined,
  errors: FieldErrors,
): Promise<void> {
  const priorId = values.from_plan as string | null;
  if (priorId === null) return;
  const prior = await getPlanHeader(context.db, priorId);
  if (!prior || !(await isVisibleEmployer(context, caller, prior.employer_id))) return addError(errors, 'from_plan', messages.doesNotExist(priorId));
  if (priorId === selfId) return addError(errors, 'from_plan', planRuleMessages.priorIsSelf);
  if (prior.employer_id !== values.employer) addError(errors, 'from_plan', planRuleMessages.priorOtherEmployer);
  if (prior.benefit !== benefit) addError(errors, 'from_plan', planRuleMessages.priorOtherKind(benefit));
  if (prior.start_date >= (values.start_date as string)) addError(errors, 'from_plan', planRuleMessages.priorStartsLater);
}

/** An update may not break the rule above for plans already renewed from this one. */
async function checkRenewalsStillHold(context: ServiceContext, selfId: string, values: PlanValues, errors: FieldErrors): Promise<void> {
  const renewals = await renewalsOf(context.db, selfId);
  const elsewhere = renewals.filter((renewal) => renewal.employer_id !== values.employer).map((renewal) => renewal.title);
  if (elsewhere.length > 0) addError(errors, 'employer', planRuleMessages.renewalsDependOnEmployer(elsewhere));
  const earlier = renewals.filter((renewal) => renewal.start_date <= (values.start_date as string)).map((renewal) => renewal.title);
  if (earlier.length > 0) addError(errors, 'start_date', planRuleMessages.renewalsDependOnStart(earlier));
}

function planResponse(context: ServiceContext, meta: PlanMeta, values: PlanValues): Plan {
  return {
    id: meta.id,
    ...values,
    status: (values.end_date as string) < today(context) ? 'EXPIRED' : 'ACTIVE',
    created_at: meta.created_at,
    updated_at: meta.updated_at,
    created_by: meta.created_by,
    updated_by: meta.updated_by,
  } as Plan;
}

function quoteList(titles: string[]): string {
  return titles.map((title) => `'${title}'`).join(', ');
}
