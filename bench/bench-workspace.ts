import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benefit } from '../shared/plans/index.js';
import { validEmployerBody, validPlanBody } from '../tests/support/fixtures.js';
import { writeTransaction, type Db } from '../main/store/database.js';
import { initWorkspace, openWorkspace, type Workspace } from '../main/workspace/workspace.js';
import { saveEnvironment } from '../main/sync/environments.js';
import { workspaceKeyCipher } from '../main/sync/token-cipher.js';
import type { ServeProcess } from './setup.js';

/** The division of every bench workspace and server: a pull links the two by this name. */
export const DIVISION = 'Bench';
/** The environment every bench workspace knows its server by. */
export const ENV = 'bench';
/** Routed creates per writeTransaction while preparing a workspace. */
const SETUP_BATCH = 10_000;

export interface PlanRef {
  benefit: Benefit;
  id: string;
  /** Index of its employer in the workspace's employer list. */
  employer: number;
}

export interface BenchWorkspace {
  dir: string;
  division: string;
  employerIds: string[];
  /** Opens the workspace for `work` and closes it again: a CLI command is timed with no other connection open, as after the app is closed. */
  use<T>(work: (ws: Workspace) => T | Promise<T>): Promise<T>;
  dispose(): void;
}

/** A routed call as the workspace's user; `db`: the transaction handle of the unit it is part of. */
export async function call(ws: Workspace, method: string, path: string, body?: unknown, db?: Db): Promise<Record<string, unknown>> {
  const response = await ws.router({ method, path, body, actor: ws.actor }, db);
  if (response.status !== 200) throw new Error(`local ${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}

export function employerBody(division: string, index: number): Record<string, unknown> {
  return validEmployerBody(division, { name: `Bench Employer ${index}`, url: `https://employer-${index}.bench.test`, other_filters: [] });
}

/** A fresh local workspace (its division from init) with `employers` employers created through the router, so each is in the outbox. */
export async function benchWorkspace(label: string, employers: number): Promise<BenchWorkspace> {
  const dir = mkdtempSync(join(tmpdir(), `plandesk-bench-${label}-`));
  const created = await initWorkspace(dir, { account: 'Bench Local', email: 'bench@local.test', division: DIVISION });
  const use = async <T>(work: (ws: Workspace) => T | Promise<T>): Promise<T> => {
    const ws = await openWorkspace(dir);
    try {
      return await work(ws);
    } finally {
      ws.close();
      // The file changed since its last damage check: check it now, outside the timed runs, as the
      // broker's app does when it starts, so the timed command finds it as a check left it.
      (await openWorkspace(dir)).close();
    }
  };
  const employerIds = await use((ws) =>
    writeTransaction(ws.store, async (tx) => {
      const ids: string[] = [];
      for (let index = 0; index < employers; index += 1)
        ids.push((await call(ws, 'POST', '/employers/', employerBody(created.division, index), tx)).id as string);
      return ids;
    }),
  );
  return { dir, division: created.division, employerIds, use, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Creates plans `first`..`first + count - 1` through the router (so each is queued in the outbox),
 * in big transactions: kinds round-robin over `benefits`, employers round-robin; titles are unique.
 */
export async function addPlans(
  bench: BenchWorkspace,
  ws: Workspace,
  first: number,
  count: number,
  benefits: readonly Benefit[],
  keep = true,
): Promise<PlanRef[]> {
  const refs: PlanRef[] = [];
  const end = first + count;
  for (let start = first; start < end; start += SETUP_BATCH) {
    await writeTransaction(ws.store, async (tx) => {
      for (let index = start; index < Math.min(end, start + SETUP_BATCH); index += 1) {
        const benefit = benefits[index % benefits.length]!;
        const employer = index % bench.employerIds.length;
        const body = validPlanBody(benefit, {
          employer: bench.employerIds[employer],
          title: `Bench ${benefit} plan ${index}`,
          from_plan: undefined,
          from_action: undefined,
        });
        const id = (await call(ws, 'POST', `/plans/${benefit}/`, body, tx)).id as string;
        if (keep) refs.push({ benefit, id, employer });
      }
    });
  }
  return refs;
}

/** Saves `server` as the workspace's environment ENV (as `plandesk env set` does). */
export function saveBenchEnvironment(bench: BenchWorkspace, ws: Workspace, server: ServeProcess): void {
  saveEnvironment(ws.db, workspaceKeyCipher(bench.dir), ENV, server.url, server.token, new Date().toISOString());
}
