// The workspaces `npm run bench:ui` measures, each written in one transaction (one fsync) through the router.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validPlanBody } from '../tests/support/fixtures.js';
import { BENEFITS } from '../shared/plans/index.js';
import { writeTransaction, type Db } from '../main/store/database.js';
import { initWorkspace, openWorkspace, type Workspace } from '../main/workspace/workspace.js';

const STATES = ['CA', 'NY', 'TX', 'WA', 'OR', 'FL', 'IL', 'MA', 'CO', 'GA'];
const NAICS = ['541511', '424410', '621111', '722511', '236220', '611110', '524210', '332710'];
const WORDS = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Litware', 'Adventure', 'Proseware', 'Wingtip', 'Lucerne', 'Margie'];

/** A new workspace folder, filled by `fill` in one transaction. */
async function seeded<T>(label: string, fill: (ws: Workspace, tx: Db, division: string) => Promise<T>): Promise<{ dir: string; seeded: T }> {
  const dir = mkdtempSync(join(tmpdir(), `plandesk-ui-${label}-`));
  const created = await initWorkspace(dir, { account: 'Bench Brokers', email: 'bench@example.com', division: 'Main' });
  const ws = await openWorkspace(dir);
  try {
    return { dir, seeded: await writeTransaction(ws.store, (tx) => fill(ws, tx, created.division)) };
  } finally {
    ws.close();
  }
}

async function post(ws: Workspace, tx: Db, path: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await ws.router({ method: 'POST', path, actor: ws.actor, body }, tx);
  if (response.status !== 200) throw new Error(`seeding ${path}: ${JSON.stringify(response.body)}`);
  return response.body as { id: string };
}

function employerBody(index: number, division: string): Record<string, unknown> {
  return {
    name: `${WORDS[index % WORDS.length]} ${WORDS[(index * 7) % WORDS.length]} ${index}`,
    url: `https://e${index}.example`,
    size: String(10 + (index % 900)),
    naics_codes: [NAICS[index % NAICS.length]],
    location_states: [STATES[index % STATES.length], STATES[(index + 3) % STATES.length]],
    other_filters: [],
    division,
  };
}

/** A workspace with `count` employers and no plans. */
export async function employersWorkspace(count: number): Promise<string> {
  const { dir } = await seeded(`${count}`, async (ws, tx, division) => {
    for (let index = 0; index < count; index += 1) await post(ws, tx, '/employers/', employerBody(index, division));
  });
  return dir;
}

/**
 * One employer per entry of `planCounts`, with that many plans spread over every kind, one plan year
 * apart (so most are expired, as on the page of a client of many years).
 */
export async function plansWorkspace(planCounts: readonly number[]): Promise<{ dir: string; employerIds: string[] }> {
  const year = new Date().getFullYear();
  const { dir, seeded: employerIds } = await seeded('plans', async (ws, tx, division) => {
    const ids: string[] = [];
    for (const [index, count] of planCounts.entries()) {
      const employer = await post(ws, tx, '/employers/', employerBody(index, division));
      for (let n = 0; n < count; n += 1) {
        const benefit = BENEFITS[n % BENEFITS.length]!;
        const start = year - Math.floor(n / BENEFITS.length);
        await post(
          ws,
          tx,
          `/plans/${benefit}/`,
          validPlanBody(benefit, {
            employer: employer.id,
            title: `Plan ${n}`,
            start_date: `${start}-01-01`,
            end_date: `${start}-12-31`,
            from_plan: null,
            from_action: null,
          }),
        );
      }
      ids.push(employer.id);
    }
    return ids;
  });
  return { dir, employerIds };
}
