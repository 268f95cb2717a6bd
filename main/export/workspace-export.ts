import { BENEFITS, type Benefit } from '../../shared/plans/index.js';
import { listHeldDivisions, readDivision } from '../service/divisions.js';
import { getEmployer, listEmployers } from '../service/employers.js';
import { readPlan } from '../service/plans.js';
import { Caller } from '../service/caller.js';
import { reading } from '../service/context.js';
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

/** Reads every record through the service as the workspace's user, as a GET from the window would, all in one unit (one commit's records). */
export function collectExport(workspace: Workspace): Promise<WorkspaceExport> {
  return reading(workspace.context, async (context) => {
    const caller = await Caller.resolve(context.db, workspace.actor);
    const asRecord = (record: object) => record as ApiRecord;
    const plans = Object.fromEntries(BENEFITS.map((benefit) => [benefit, [] as ApiRecord[]])) as Record<Benefit, ApiRecord[]>;
    for (const plan of await planIdsForExport(context.db)) plans[plan.benefit].push(asRecord(await readPlan(context, caller, plan.benefit, plan.id)));
    const exported: WorkspaceExport = { employers: [], plans, users: [], divisions: [] };
    for (const item of await listEmployers(context, caller)) exported.employers.push(asRecord(await getEmployer(context, caller, item.id)));
    for (const item of await listAccountUsers(context, caller)) exported.users.push(asRecord(await readUser(context, caller, item.id)));
    for (const item of await listHeldDivisions(context, caller)) exported.divisions.push(asRecord(await readDivision(context, caller, item.id)));
    return exported;
  });
}
