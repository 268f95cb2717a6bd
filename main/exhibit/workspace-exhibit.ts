// The renewal exhibit from the workspace: the employer and its medical, dental and vision plans read
// through the service as the workspace's user, the agency (the local account's name) and the
// enrollment kept for that plan year unless other figures are given.
import { TIERED_BENEFITS, type TieredBenefit } from '../../shared/exhibit/design.js';
import { alternativeChoices, buildExhibit, type ExhibitPlan, type ExhibitResult, type PlanChoice } from '../../shared/exhibit/exhibit.js';
import type { Enrollment } from '../../shared/exhibit/enrollment.js';
import type { Employer } from '../../shared/resources/employer.js';
import { readPlan } from '../service/plans.js';
import { readRecord } from '../service/records.js';
import { getAccountName } from '../store/accounts-store.js';
import { readEnrollment } from '../store/enrollment-store.js';
import { getUserRow } from '../store/users-store.js';
import type { Workspace } from '../workspace/workspace.js';

export interface ExhibitOptions {
  employer: string;
  year: number;
  /** null: the enrollment saved for the employer and year, if any. */
  enrollment: Enrollment | null;
  include: readonly string[];
  /** YYYY-MM-DD, printed on the exhibit. */
  date: string;
}

const isTiered = (benefit: string): benefit is TieredBenefit => (TIERED_BENEFITS as readonly string[]).includes(benefit);

export interface WorkspaceExhibit {
  result: ExhibitResult;
  /** The plans of the year that may be included as alternatives. */
  alternatives: PlanChoice[];
}

export function workspaceExhibit(workspace: Workspace, options: ExhibitOptions): WorkspaceExhibit {
  const { context } = workspace;
  const caller = workspace.caller();
  const employer = readRecord(context, caller, { entity: 'employer', id: options.employer }) as Employer | undefined;
  if (employer === undefined) return { result: { ok: false, error: `No employer has the id ${options.employer}.` }, alternatives: [] };
  const plans: ExhibitPlan[] = [...employer.plans, ...employer.plans_expired]
    .filter((ref): ref is { benefit: TieredBenefit; id: string } => isTiered(ref.benefit))
    .map((ref) => ({ benefit: ref.benefit, plan: readPlan(context, caller, ref.benefit, ref.id) as unknown as Record<string, unknown> }));
  const user = getUserRow(workspace.db, workspace.actor.userId)!;
  const result = buildExhibit({
    agency: getAccountName(workspace.db, user.account_id) ?? '',
    employer: { id: employer.id, name: employer.name },
    plans,
    year: options.year,
    enrollment: options.enrollment ?? readEnrollment(workspace.db, employer.id, options.year),
    include: options.include,
    date: options.date,
  });
  return { result, alternatives: alternativeChoices(plans, options.year) };
}
