import { BENEFITS, type Benefit } from '../../shared/plans/index.js';
import { listHeldDivisions, readDivision } from '../service/divisions.js';
import { getEmployer, listEmployers } from '../service/employers.js';
import { readPlan } from '../service/plans.js';
import { listAccountUsers, readUser } from '../service/users.js';
import { planIdsForExport } from '../store/plans-store.js';
import type { Workspace } from '../workspace/workspace.js';

export type ApiRecord = Record<string, unknown>;

/** The whole workspace, every record exactly as the API's GET returns it. Never a token or key. */
export interface WorkspaceExport {
  employers: ApiRecord[];
  plans: Record<Benefit, ApiRecord[]>;
  users: ApiRecord[];
  divisions: ApiRecord[];
}

/** Reads every record through the service as the workspace's user, as a GET from the window would. */
export function collectExport(workspace: Workspace): WorkspaceExport {
  const { context } = workspace;
  const caller = workspace.caller();
  const asRecord = (record: object) => record as ApiRecord;
  const plans = Object.fromEntries(BENEFITS.map((benefit) => [benefit, [] as ApiRecord[]])) as Record<Benefit, ApiRecord[]>;
  for (const plan of planIdsForExport(workspace.db)) plans[plan.benefit].push(asRecord(readPlan(context, caller, plan.benefit, plan.id)));
  return {
    employers: listEmployers(context, caller).map((item) => asRecord(getEmployer(context, caller, item.id))),
    plans,
    users: listAccountUsers(context, caller).map((item) => asRecord(readUser(context, caller, item.id))),
    divisions: listHeldDivisions(context, caller).map((item) => asRecord(readDivision(context, caller, item.id))),
  };
}
