import type { ConnectionTest, RemoteCandidate } from '../../shared/bridge.js';
import { capabilitiesSchema, EXTENSIONS } from '../../shared/sync-wire.js';
import type { Entity } from '../store/entity.js';
import type { Workspace } from '../workspace/workspace.js';
import type { Environment } from './environments.js';
import { readLocalRecord } from './local-records.js';
import { findLocalRecord } from '../store/local-records-store.js';
import { Remote, RemoteUnreachableError, TokenRejectedError } from './remote.js';
import { remoteIdOf } from '../store/id-map-store.js';

/** A connection test gives up after this long: the screen must never wait on an offline remote. */
const TEST_TIMEOUT_MS = 5_000;
/** Plans of one remote employer read for their titles at most. */
const PLAN_CANDIDATES = 50;

/** One request to the remote as its token's user: is it there, is the token good, how fast did it answer. */
export async function testConnection(env: Environment): Promise<ConnectionTest> {
  const remote = new Remote(env, { connections: 1, timeoutMs: TEST_TIMEOUT_MS });
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await remote.send('GET', '/divisions/list/', undefined, undefined, AbortSignal.timeout(TEST_TIMEOUT_MS));
    if (response.status >= 500) return { reachable: true, tokenAccepted: null, latencyMs: latency(), detail: `${env.name} answered ${response.status}` };
    return {
      reachable: true,
      tokenAccepted: response.status !== 403,
      latencyMs: latency(),
      detail: response.status === 403 ? 'the token may not read divisions' : 'connected',
    };
  } catch (error) {
    if (error instanceof TokenRejectedError) return { reachable: true, tokenAccepted: false, latencyMs: latency(), detail: `${env.name} rejected the token` };
    if (error instanceof RemoteUnreachableError)
      return { reachable: false, tokenAccepted: null, latencyMs: null, detail: `${env.name} is unreachable (${error.reason})` };
    if (error instanceof Error && error.name === 'TimeoutError')
      return { reachable: false, tokenAccepted: null, latencyMs: null, detail: `${env.name} did not answer within ${TEST_TIMEOUT_MS / 1000} s` };
    throw error;
  } finally {
    await remote.close();
  }
}

/**
 * The names of the divisions the remote shows the token, in its order; undefined when it answers
 * something else than the list. Throws as the remote does (token rejected, unreachable).
 */
export async function remoteDivisionNames(env: Environment): Promise<string[] | undefined> {
  const remote = new Remote(env, { connections: 1, timeoutMs: TEST_TIMEOUT_MS });
  try {
    const response = await remote.send('GET', '/divisions/list/', undefined, undefined, AbortSignal.timeout(TEST_TIMEOUT_MS));
    if (response.status !== 200 || !Array.isArray(response.body)) return undefined;
    return (response.body as { name?: unknown }[]).flatMap((division) => (typeof division.name === 'string' ? [division.name] : []));
  } finally {
    await remote.close();
  }
}

/**
 * The name of the token's account as the remote says it (GET /capabilities/, a PlanDesk server's);
 * undefined when it does not say. Throws as the remote does (token rejected, unreachable).
 */
export async function remoteAccountName(env: Environment): Promise<string | undefined> {
  const remote = new Remote(env, { connections: 1, timeoutMs: TEST_TIMEOUT_MS });
  try {
    const capabilities = capabilitiesSchema.safeParse(
      (await remote.send('GET', '/capabilities/', undefined, undefined, AbortSignal.timeout(TEST_TIMEOUT_MS))).body,
    );
    const name = capabilities.success ? capabilities.data.account?.trim() : undefined;
    return name === '' ? undefined : name;
  } finally {
    await remote.close();
  }
}

/**
 * Whether the remote shows the token a user with this e-mail (GET /users/byEmail/, an operation of
 * the older edition): false when it answers that there is none the token may read, undefined when
 * it cannot say (it does not offer that operation, or answers otherwise). Throws as the remote does
 * (token rejected, unreachable).
 */
export async function remoteKnowsUser(env: Environment, email: string): Promise<boolean | undefined> {
  const remote = new Remote(env, { connections: 1, timeoutMs: TEST_TIMEOUT_MS });
  const get = (path: string) => remote.send('GET', path, undefined, undefined, AbortSignal.timeout(TEST_TIMEOUT_MS));
  try {
    const capabilities = capabilitiesSchema.safeParse((await get('/capabilities/')).body);
    if (!capabilities.success || !capabilities.data.extensions.includes(EXTENSIONS.olderEdition)) return undefined;
    const response = await get(`/users/byEmail/${encodeURIComponent(email)}/`);
    return response.status === 200 ? true : response.status === 404 || response.status === 403 ? false : undefined;
  } finally {
    await remote.close();
  }
}

/**
 * The token's role on the remote, told by its list of users (an operation of the older edition,
 * which only an admin may read): 'admin' when it answers the list, 'user' when it refuses it (403),
 * undefined when it cannot say (a remote with only the 2.2.1 operations). Throws as the remote
 * does (token rejected, unreachable).
 */
export async function remoteRole(env: Environment): Promise<'admin' | 'user' | undefined> {
  const remote = new Remote(env, { connections: 1, timeoutMs: TEST_TIMEOUT_MS });
  try {
    const response = await remote.send('GET', '/users/list/', undefined, undefined, AbortSignal.timeout(TEST_TIMEOUT_MS));
    return response.status === 200 ? 'admin' : response.status === 403 ? 'user' : undefined;
  } finally {
    await remote.close();
  }
}

/**
 * Remote records a local one could be linked to: employers, divisions or users of the remote's
 * lists whose name or e-mail holds `text`, or for a plan the plans of the same kind of the remote
 * copy of its employer. Throws TokenRejectedError or RemoteUnreachableError as the remote does.
 */
export async function remoteCandidates(workspace: Workspace, env: Environment, recordId: string, text: string): Promise<RemoteCandidate[]> {
  const local = findLocalRecord(workspace.db, recordId);
  if (local === undefined) return [];
  const remote = new Remote(env, { connections: 2, timeoutMs: TEST_TIMEOUT_MS * 2 });
  const wanted = text.trim().toLowerCase();
  const matching = (candidates: RemoteCandidate[]) => candidates.filter((candidate) => candidate.label.toLowerCase().includes(wanted));
  try {
    if (local.entity === 'plan') return matching(await remotePlansBeside(workspace, env, remote, local.path));
    const list = await remote.send('GET', listPath(local.entity));
    if (list.status !== 200 || !Array.isArray(list.body)) return [];
    return matching((list.body as { id: string; name?: string; email?: string }[]).map((item) => ({ id: item.id, label: item.name ?? item.email ?? item.id })));
  } finally {
    await remote.close();
  }
}

function listPath(entity: Exclude<Entity, 'plan'>): string {
  return entity === 'employer' ? '/employers/list/' : entity === 'division' ? '/divisions/list/' : '/users/list/';
}

async function remotePlansBeside(workspace: Workspace, env: Environment, remote: Remote, planPath: string): Promise<RemoteCandidate[]> {
  const employerId = (await readLocalRecord(workspace, planPath))?.employer;
  const remoteEmployer = typeof employerId === 'string' ? remoteIdOf(workspace.db, env.name, employerId) : undefined;
  if (remoteEmployer === undefined) return [];
  const employer = await remote.send('GET', `/employers/${remoteEmployer}/`);
  if (employer.status !== 200) return [];
  const benefit = planPath.split('/')[2];
  const { plans = [], plans_expired = [] } = employer.body as { plans?: { benefit: string; id: string }[]; plans_expired?: { benefit: string; id: string }[] };
  const sameKind = [...plans, ...plans_expired].filter((ref) => ref.benefit === benefit).slice(0, PLAN_CANDIDATES);
  const read = await Promise.all(sameKind.map((ref) => remote.send('GET', `/plans/${ref.benefit}/${ref.id}/`)));
  return read.flatMap((response, index) => {
    if (response.status !== 200) return [];
    const body = response.body as { title?: string; start_date?: string };
    return [{ id: sameKind[index]!.id, label: `${body.title ?? sameKind[index]!.id}${body.start_date ? ` (from ${body.start_date})` : ''}` }];
  });
}
