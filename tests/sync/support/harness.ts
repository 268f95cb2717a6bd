// The pieces of a sync test: a remote (the project's own server on loopback, on SQLite in a
// temporary folder, with an admin token, as `plandesk serve` + `plandesk admin bootstrap` make it),
// a local workspace (as `plandesk local init` makes it) filled with realistic data through the
// local service, and an environment saved the way `plandesk env set` saves it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { ApiRequest } from '../../../main/api/types.js';
import { AppCore } from '../../../main/app/app-core.js';
import { createRouter } from '../../../main/router/router.js';
import type { SyncOptions } from '../../../main/sync/engine.js';
import { loadEnvironment, saveEnvironment, setFilterMapping, type Environment } from '../../../main/sync/environments.js';
import { workspaceKeyCipher } from '../../../main/sync/token-cipher.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../../main/workspace/workspace.js';
import { FAST_BACKOFF } from './fast-backoff.js';
import { BENEFITS, type Benefit } from '../../../shared/plans/benefits.js';
import { validPlanBody } from '../../support/fixtures.js';
import { startApi, type ApiHarness } from '../../support/api-server.js';

type Json = any;

interface CallResult {
  status: number;
  body: Json;
}

export interface TestRemote {
  api: ApiHarness;
  url: string;
  token: string;
  /** One operation on the remote's own router as its admin: what the remote really holds, no network in between. */
  call(method: string, path: string, body?: unknown): Promise<CallResult>;
  /** Like `call`, but fails unless the status is 2xx; returns the body. */
  ok(method: string, path: string, body?: unknown): Promise<Json>;
  close(): Promise<void>;
}

/**
 * The project's own server on loopback, with an admin account (its division is called 'Home Division');
 * `strictApi`: serving only the 2.2.1 operations (`plandesk serve --strict-api`). `call` and `ok`
 * reach every operation whatever it serves. Closed when the test that started it finishes, as is
 * everything this harness opens.
 */
export async function startRemote(options: { strictApi?: boolean } = {}): Promise<TestRemote> {
  const api = await startApi(options);
  onTestFinished(() => api.close());
  const router = createRouter(api.context);
  const actor = { userId: api.admin.user };
  const call = async (method: string, path: string, body?: unknown): Promise<CallResult> => {
    const response = await router({ method, path, body, actor } satisfies ApiRequest);
    return { status: response.status, body: response.body };
  };
  return {
    api,
    url: api.url,
    token: api.admin.token,
    call,
    ok: async (method, path, body) => expectOk(await call(method, path, body), `remote ${method} ${path}`),
    close: () => api.close(),
  };
}

export interface TestLocal {
  dir: string;
  ws: Workspace;
  call(method: string, path: string, body?: unknown): Promise<CallResult>;
  ok(method: string, path: string, body?: unknown): Promise<Json>;
  close(): void;
}

/** A fresh workspace whose local division is named like the remote's ('Home Division'), as a broker's would be. */
export async function createLocal(options: { division?: string; clock?: () => Date } = {}): Promise<TestLocal> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-sync-'));
  await initWorkspace(dir, { account: 'Laptop', email: 'broker@laptop.example.com', division: options.division ?? 'Home Division' });
  let closed = false;
  const local: TestLocal = {
    dir,
    ws: await openWorkspace(dir, options.clock ? { clock: options.clock } : {}),
    async call(method, path, body) {
      const response = await local.ws.router({ method, path, body, actor: local.ws.actor });
      return { status: response.status, body: response.body };
    },
    async ok(method, path, body) {
      return expectOk(await local.call(method, path, body), `local ${method} ${path}`);
    },
    close() {
      if (closed) return;
      closed = true;
      local.ws.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  onTestFinished(() => local.close());
  return local;
}

/** The app's core over a test workspace, as the window reaches it; closed when the test finishes (before the workspace). */
export function appCoreOver(local: TestLocal): AppCore {
  const core = new AppCore({ dir: local.dir, tokenCipher: workspaceKeyCipher });
  onTestFinished(() => core.close());
  return core;
}

/** Saves an environment as `plandesk env set` does (token encrypted with the workspace key) and loads it back. */
export function saveEnv(local: TestLocal, name: string, url: string, token: string): Environment {
  const cipher = workspaceKeyCipher(local.dir);
  saveEnvironment(local.ws.db, cipher, name, url, token, new Date().toISOString());
  return loadEnvironment(local.ws.db, cipher, name);
}

/**
 * What a user does for a remote that cannot list its filters (`plandesk env map-filter`): names
 * each local filter's counterpart there by hand.
 */
export async function mapFiltersByHand(local: TestLocal, env: string, remote: TestRemote): Promise<void> {
  for (const filter of (await remote.ok('GET', '/filters/list/')) as { id: string; name: string }[]) setFilterMapping(local.ws.db, env, filter.name, filter.id);
}

/**
 * Added to every seed of the fault and kill tests: the default runs are reproducible, and
 * `PLANDESK_SYNC_SEED=N npx vitest run tests/sync` explores other schedules.
 */
export const SEED_OFFSET = Number(process.env.PLANDESK_SYNC_SEED ?? 0);

export function fastOptions(extra: SyncOptions = {}): SyncOptions {
  return { backoff: FAST_BACKOFF, timeoutMs: 300, ...extra };
}

export interface LocalData {
  divisions: string[];
  users: { id: string; email: string }[];
  employers: { id: string; name: string }[];
  plans: { id: string; benefit: Benefit; employer: string; title: string }[];
}

export interface PopulateOptions {
  employers?: number;
  users?: number;
  /** Distinguishes names when one test populates twice. */
  tag?: string;
}

const YEAR = (year: number) => ({ start_date: `${year}-01-01`, end_date: `${year}-12-31` });

/**
 * Realistic local data, entered through the local service as the window's forms do: two more
 * divisions, users in them (and one added to a division afterwards), employers with filters spread
 * over the divisions, and per employer a plan of every kind for 2025, renewals for 2026 (medical
 * renewed with the same carrier, dental converted to another, vision renewed) and 2027 (medical
 * again, a chain of from_plan), with the stop loss beside a self-funded medical, and for some a
 * second, unrelated dental plan of the same year. Some employers and plans are edited after they
 * are created.
 */
export async function populate(local: TestLocal, options: PopulateOptions = {}): Promise<LocalData> {
  const tag = options.tag ?? '';
  const employerCount = options.employers ?? 3;
  const userCount = options.users ?? 4;
  const filters = (await local.ok('GET', '/filters/list/')) as { id: string; name: string }[];
  const home = ((await local.ok('GET', '/divisions/list/')) as { id: string }[])[0]!.id;
  const west = (await local.ok('POST', '/divisions/', { name: `West Region${tag}`, users: [], employer_ids: [] })).id as string;
  const central = (await local.ok('POST', '/divisions/', { name: `Central Region${tag}`, users: [], employer_ids: [] })).id as string;
  const divisions = [home, west, central];
  const data: LocalData = { divisions, users: [], employers: [], plans: [] };

  for (let i = 0; i < userCount; i += 1) {
    const email = `member${i}${tag}@laptop.example.com`;
    const user = await local.ok('POST', '/users/', {
      email,
      first_name: `Member${i}`,
      last_name: 'Lee',
      division_ids: i % 2 === 0 ? [divisions[i % 3]!] : [divisions[i % 3]!, divisions[(i + 1) % 3]!],
    });
    data.users.push({ id: user.id, email });
  }
  if (data.users.length > 0) await local.ok('POST', `/divisions/${central}/addUser/`, { email: data.users[0]!.email });

  for (let e = 0; e < employerCount; e += 1) {
    const name = `Employer ${e}${tag} LLC`;
    const body = {
      name,
      url: `https://employer-${e}${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}.example.com`,
      size: String(50 + e * 10),
      naics_codes: ['541511', '332710'].slice(0, 1 + (e % 2)),
      location_states: ['CA', 'NV', 'DC'].slice(0, 1 + (e % 3)),
      other_filters: e % 3 === 0 ? [filters[0]!.id] : e % 3 === 1 ? filters.map((filter) => filter.id) : [],
      division: divisions[e % 3]!,
    };
    const employer = await local.ok('POST', '/employers/', body);
    if (e % 4 === 1) await local.ok('PUT', `/employers/${employer.id}/`, { ...body, size: String(60 + e * 10) });
    data.employers.push({ id: employer.id, name });

    const selfFunded = e % 2 === 0;
    const first: Partial<Record<Benefit, string>> = {};
    for (const benefit of BENEFITS) {
      if (benefit === 'stoploss' && !selfFunded) continue;
      const overrides: Record<string, unknown> = { employer: employer.id, from_plan: undefined, from_action: undefined, ...YEAR(2025) };
      if (benefit === 'medical' && selfFunded) overrides.funding = 'FUNDING_SELF';
      first[benefit] = await addPlan(local, data, benefit, overrides);
    }
    // Two plans of one kind and year, unrelated: their creates go out side by side.
    if (e % 3 === 0) {
      await addPlan(local, data, 'dental', {
        employer: employer.id,
        title: 'Delta Dental Low Option',
        from_plan: undefined,
        from_action: undefined,
        ...YEAR(2025),
      });
    }
    if (e % 3 === 2) {
      const plan = await local.ok('GET', `/plans/vision/${first.vision}/`);
      await local.ok('PUT', `/plans/vision/${first.vision}/`, { ...plan, exam_copay: 15 });
    }
    const medical2026 = await addPlan(local, data, 'medical', {
      employer: employer.id,
      title: 'Blue Choice PPO 1500 (2026)',
      ...YEAR(2026),
      from_plan: first.medical,
      from_action: 'RENEWED',
      ...(selfFunded ? { funding: 'FUNDING_SELF' } : {}),
    });
    await addPlan(local, data, 'dental', {
      employer: employer.id,
      title: 'Guardian Dental PPO (2026)',
      carrier: 'Guardian',
      ...YEAR(2026),
      from_plan: first.dental,
      from_action: 'CONVERTED',
    });
    await addPlan(local, data, 'vision', { employer: employer.id, title: 'VSP Choice (2026)', ...YEAR(2026), from_plan: first.vision, from_action: 'RENEWED' });
    await addPlan(local, data, 'medical', {
      employer: employer.id,
      title: 'Blue Choice PPO 1500 (2027)',
      ...YEAR(2027),
      from_plan: medical2026,
      from_action: 'RENEWED',
      ...(selfFunded ? { funding: 'FUNDING_SELF' } : {}),
    });
  }
  return data;
}

async function addPlan(local: TestLocal, data: LocalData, benefit: Benefit, overrides: Record<string, unknown>): Promise<string> {
  const plan = await local.ok('POST', `/plans/${benefit}/`, validPlanBody(benefit, overrides));
  data.plans.push({ id: plan.id, benefit, employer: plan.employer, title: plan.title });
  return plan.id as string;
}

/** How many records `populate` queues for sync with these options. */
export function populatedCount(data: LocalData): number {
  return data.divisions.length - 1 + data.users.length + data.employers.length + data.plans.length;
}

function expectOk(result: CallResult, what: string): Json {
  if (result.status < 200 || result.status >= 300) throw new Error(`${what}: expected 2xx, got ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}
