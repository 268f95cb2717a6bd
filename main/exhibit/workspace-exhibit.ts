// The renewal exhibit from the workspace: the employer and its medical, dental and vision plans read
// through the service as the workspace's user, the agency (the local account's name) and the
// enrollment kept for that plan year unless other figures are given.
import { TIERED_BENEFITS, type TieredBenefit } from '../../shared/exhibit/design.js';
import { alternativeChoices, buildExhibit, type ExhibitPlan, type ExhibitResult, type PlanChoice } from '../../shared/exhibit/exhibit.js';
import type { Enrollment } from '../../shared/exhibit/enrollment.js';
import type { Employer } from '../../shared/resources/employer.js';
import { Caller } from '../service/caller.js';
import { reading } from '../service/context.js';
import { readPlan } from '../service/plans.js';
import { readRecord } from '../service/records.js';
import { getAccountName } from '../store/accounts-store.js';
import { sqliteOf } from '../store/database.js';
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

/** Read in one unit, so that the employer, its plans and the enrollment are of the same commit. */
export function workspaceExhibit(workspace: Workspace, options: ExhibitOptions): Promise<WorkspaceExhibit> {
  return reading(workspace.context, async (context) => {
    const caller = await Caller.resolve(context.db, workspace.actor);
    const employer = (await readRecord(context, caller, { entity: 'employer', id: options.employer })) as Employer | undefined;
    if (employer === undefined) return { result: { ok: false, error: `No employer has the id ${options.employer}.` }, alternatives: [] };
    const plans: ExhibitPlan[] = [];
    for (const ref of [...employer.plans, ...employer.plans_expired]) {
      if (isTiered(ref.benefit))
        plans.push({ benefit: ref.benefit, plan: (await readPlan(context, caller, ref.benefit, ref.id)) as unknown as Record<string, unknown> });
    }
    const user = (await getUserRow(context.db, workspace.actor.userId))!;
    const result = buildExhibit({
      agency: (await getAccountName(context.db, user.account_id)) ?? '',
      employer: { id: employer.id, name: employer.name },
      plans,
      year: options.year,
      enrollment: options.enrollment ?? readEnrollment(sqliteOf(context.db), employer.id, options.year),
      include: options.include,
      date: options.date,
    });
    return { result, alternatives: alternativeChoices(plans, options.year) };
  });
}
