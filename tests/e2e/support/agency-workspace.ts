// An agency's workload in a workspace the app has open: thousands of employers, each with this
// year's "Dental DPPO" and "Gold PPO" plans (the same titles ten thousand times, as an agency's
// book has them), written through the workspace's own router in one transaction (one fsync) over
// a second connection, as `bench/ui-workspaces.ts` fills the benchmark's workspaces. Everything is
// queued for sync like a person's changes.
import { validPlanBody } from '../../support/fixtures.js';
import { writeTransaction, type Db } from '../../../main/store/database.js';
import { openWorkspace, type Workspace } from '../../../main/workspace/workspace.js';

const WORDS = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Litware', 'Adventure', 'Proseware', 'Wingtip', 'Lucerne', 'Margie'];
const STATES = ['CA', 'NY', 'TX', 'WA', 'OR', 'FL', 'IL', 'MA', 'CO', 'GA'];
/** The first employers, by name, which the walks look for among the others. */
const NAMED_EMPLOYERS = ['Harbor Bakery', 'Harbor Freight Lines', 'Harbor Dental Group'] as const;

async function post(ws: Workspace, tx: Db, path: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await ws.router({ method: 'POST', path, actor: ws.actor, body }, tx);
  if (response.status !== 200) throw new Error(`filling ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string };
}

/** `employers` employers in the workspace's first division, two plans of `year` each; answers the employers' ids in order. */
export async function fillAgency(dir: string, employers: number, year: number): Promise<string[]> {
  const ws = await openWorkspace(dir);
  try {
    const division = ((await ws.router({ method: 'GET', path: '/divisions/list/', actor: ws.actor, body: undefined })).body as { id: string }[])[0]!.id;
    return await writeTransaction(ws.store, async (tx) => {
      const ids: string[] = [];
      for (let index = 0; index < employers; index += 1) {
        const name = NAMED_EMPLOYERS[index] ?? `${WORDS[index % WORDS.length]} ${WORDS[(index * 7) % WORDS.length]} ${index}`;
        const employer = await post(ws, tx, '/employers/', {
          name,
          url: `https://e${index}.example`,
          size: String(10 + (index % 900)),
          naics_codes: [],
          location_states: [STATES[index % STATES.length]],
          other_filters: [],
          division,
        });
        const whole = { employer: employer.id, start_date: `${year}-01-01`, end_date: `${year}-12-31`, from_plan: null, from_action: null };
        await post(ws, tx, '/plans/dental/', validPlanBody('dental', { ...whole, title: `Dental DPPO ${year}` }));
        await post(ws, tx, '/plans/medical/', validPlanBody('medical', { ...whole, title: `Gold PPO ${year}` }));
        ids.push(employer.id);
      }
      return ids;
    });
  } finally {
    ws.close();
  }
}
