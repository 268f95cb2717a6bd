import { BENEFITS, type Benefit } from '../../shared/plans/index.js';
import { sql } from '../store/database.js';
import type { Workspace } from '../workspace/workspace.js';

export type ApiRecord = Record<string, unknown>;

/** The whole workspace, every record exactly as the API's GET returns it. Never a token or key. */
export interface WorkspaceExport {
  employers: ApiRecord[];
  plans: Record<Benefit, ApiRecord[]>;
  users: ApiRecord[];
  divisions: ApiRecord[];
}

/** Reads every record through the router as the workspace's user, as a GET from the window would. */
export function collectExport(workspace: Workspace): WorkspaceExport {
  const get = (path: string): unknown => {
    const response = workspace.router({ method: 'GET', path, body: undefined, actor: workspace.actor });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const each = (listPath: string, recordPath: (id: string) => string) =>
    (get(listPath) as { id: string }[]).map((item) => get(recordPath(item.id)) as ApiRecord);
  const plans = Object.fromEntries(BENEFITS.map((benefit) => [benefit, [] as ApiRecord[]])) as Record<Benefit, ApiRecord[]>;
  const planIds = sql(workspace.db, `SELECT p.id, p.benefit FROM plans p JOIN employers e ON e.id = p.employer_id
    ORDER BY e.name COLLATE NOCASE, p.benefit, p.start_date, p.title COLLATE NOCASE`).all() as { id: string; benefit: Benefit }[];
  for (const plan of planIds) plans[plan.benefit].push(get(`/plans/${plan.benefit}/${plan.id}/`) as ApiRecord);
  return {
    employers: each('/employers/list/', (id) => `/employers/${id}/`),
    plans,
    users: each('/users/list/', (id) => `/users/${id}/`),
    divisions: each('/divisions/list/', (id) => `/divisions/${id}/`),
  };
}
