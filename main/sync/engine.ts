import { randomUUID } from 'node:crypto';
import type { Benefit } from '../../shared/plans/benefits.js';
import type { Workspace } from '../workspace/workspace.js';
import { sql, writeTransaction } from '../store/database.js';
import { backoffDelay, defaultBackoff, retryAfterMs, sleep, type BackoffPolicy } from './backoff.js';
import type { Environment } from './environments.js';
import { describeForRemote, differences, MissingDependency, UnmappableReference, type MappingContext, type RemoteDescription } from './records.js';
import { Remote, RemoteUnreachableError, TokenRejectedError, type RemoteResponse } from './remote.js';
import {
  buildQueue, getRecordSync, localIdOf, mapIds, markFailed, markInFlight, markPending, markSynced, queuePage, remoteIdOf, unmapId,
  unmapPlansDeletedWithEmployers, type QueueItem, type RecordSync,
} from './state.js';

export interface SyncProgress {
  total: number;
  done: number;
  failed: number;
  current?: string;
}

interface SyncError {
  record: string;
  path: string;
  error: string;
}

export interface SyncSummary {
  pushed: number;
  failed: number;
  pending: number;
  errors: SyncError[];
}

export interface SyncOptions {
  concurrency?: number;
  pageSize?: number;
  backoff?: BackoffPolicy;
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

/** What the remote lets us do beyond the 2.2.1 operations, probed once per run. */
interface Capabilities {
  extras: boolean;
  filters: Map<string, string> | undefined;
}

type Outcome =
  /** `remoteId` is mapped, or the mapping dropped after a delete, in the same transaction as the state. */
  | { kind: 'synced'; remoteId?: string; unmapped?: boolean }
  | { kind: 'failed' | 'conflict'; error: string }
  | { kind: 'waiting'; error: string };

/** Statuses after which the remote may or may not have applied a write. */
const isUnknownOutcome = (status: number) => status >= 500;

/**
 * Pushes every queued change of the workspace to one environment, in dependency order, each
 * record exactly once. Safe to interrupt at any instant: a record is marked in flight before it
 * is sent, and a record found in flight is reconciled against the remote before anything is resent.
 */
export async function syncEnvironment(workspace: Workspace, env: Environment, options: SyncOptions = {}): Promise<SyncSummary> {
  const concurrency = options.concurrency ?? 8;
  const remote = new Remote(env, { connections: concurrency, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const run = new SyncRun(workspace, env, remote, options, concurrency);
  try {
    return await run.execute();
  } finally {
    await remote.close();
  }
}

class SyncRun {
  private readonly db;
  private readonly backoff: BackoffPolicy;
  private capabilities!: Capabilities;
  private divisionsByName: Map<string, string> | undefined;
  private readonly summary: SyncSummary = { pushed: 0, failed: 0, pending: 0, errors: [] };
  private progress: SyncProgress = { total: 0, done: 0, failed: 0 };

  constructor(
    private readonly workspace: Workspace,
    private readonly env: Environment,
    private readonly remote: Remote,
    private readonly options: SyncOptions,
    private readonly concurrency: number,
  ) {
    this.db = workspace.db;
    this.backoff = options.backoff ?? defaultBackoff;
  }

  async execute(): Promise<SyncSummary> {
    this.progress.total = buildQueue(this.db, this.env.name);
    this.emit();
    if (this.progress.total === 0) return this.summary;
    this.capabilities = await this.probe();
    const pageSize = this.options.pageSize ?? 64;
    let position = 0;
    let deferred: QueueItem[] = [];
    let progressed = true;
    for (;;) {
      this.options.signal?.throwIfAborted();
      const fresh = queuePage(this.db, position, pageSize);
      if (fresh.length === 0 && deferred.length === 0) break;
      if (fresh.length > 0) position = fresh.at(-1)!.position;
      const page = [...deferred, ...fresh];
      const inPage = new Set(page.map((item) => item.record_id));
      // Once nothing new is read and a pass moved nothing, what still waits on a dependency waits for the next sync.
      const stillToCome = fresh.length > 0 || progressed
        ? (id: string) => inPage.has(id) || (this.queuedPosition(id) ?? 0) > position
        : () => false;
      deferred = await this.pushPage(page, stillToCome);
      progressed = deferred.length < page.length;
    }
    return this.summary;
  }

  /**
   * Pushes one page. An item whose dependency is still to come in this run (in this page, or
   * later in the queue) is returned, to go again with the next page once that dependency is done;
   * so is an item that may not go out beside another of the page (see `exclusiveGroup`).
   */
  private async pushPage(page: QueueItem[], stillToCome: (id: string) => boolean): Promise<QueueItem[]> {
    const ready: { item: QueueItem; prepared: Prepared }[] = [];
    const deferred: QueueItem[] = [];
    const groups = new Set<string>();
    for (const item of page) {
      const prepared = await this.prepare(item, stillToCome).catch((error: unknown): Prepared => {
        if (error instanceof RemoteUnreachableError) return { kind: 'done', outcome: { kind: 'waiting', error: error.message } };
        throw error;
      });
      const group = prepared.kind === 'send' ? this.exclusiveGroup(prepared) : undefined;
      if (prepared.kind === 'defer' || (prepared.kind === 'send' && prepared.description.dependencies.some((id) => id !== item.record_id && stillToCome(id)))
        || (group !== undefined && groups.has(group))) {
        deferred.push(item);
      } else {
        if (group !== undefined) groups.add(group);
        ready.push({ item, prepared });
      }
    }
    const sending = ready.filter((entry) => entry.prepared.kind === 'send') as { item: QueueItem; prepared: Sendable }[];
    const at = new Date().toISOString();
    writeTransaction(this.db, () => {
      for (const { item, prepared } of sending) if (!prepared.resumed) markInFlight(this.db, this.env.name, item, prepared.flight, at);
    });
    const { results: outcomes, failure } = await mapConcurrently(ready, this.concurrency, async ({ item, prepared }) => {
      this.progress.current = item.path;
      this.emit();
      return prepared.kind === 'send' ? this.send(item, prepared) : prepared.outcome;
    });
    // What finished is recorded even when the run stops (token rejected, cancelled); the rest stays in flight.
    writeTransaction(this.db, () => {
      ready.forEach(({ item, prepared }, index) => {
        const outcome = outcomes[index];
        if (outcome !== undefined) this.record(item, prepared, outcome);
      });
    });
    this.emit();
    if (failure) throw failure.error;
    return deferred;
  }

  private async prepare(item: QueueItem, stillToCome: (id: string) => boolean): Promise<Prepared | { kind: 'defer' }> {
    const state = getRecordSync(this.db, this.env.name, item.record_id);
    if (state?.status === 'in_flight' && state.in_flight_key) return this.resume(item, state);
    const remoteId = remoteIdOf(this.db, this.env.name, item.record_id);
    if (item.last_op === 'delete') {
      if (remoteId === undefined) return { kind: 'done', outcome: { kind: 'synced' } };
      if (!this.capabilities.extras) return cannot(`the remote cannot delete ${item.entity}s (it offers only the 2.2.1 operations)`);
      return this.sendable(item, 'delete', { payload: {}, collection: '', path: () => item.path.replace(item.record_id, remoteId), dependencies: [] }, remoteId);
    }
    const local = this.workspace.router({ method: 'GET', path: item.path, body: undefined, actor: this.workspace.actor });
    if (local.status === 404) return { kind: 'done', outcome: { kind: 'synced' } };
    let description: RemoteDescription | undefined;
    while (!description) {
      try {
        description = describeForRemote(this.mappingContext(), item.entity, local.body as Record<string, unknown>);
      } catch (error) {
        if (error instanceof MissingDependency && error.what === 'division' && !this.isQueued(error.localId)) {
          const matched = await this.matchDivision(error.localId);
          if (matched) continue;
        }
        if (error instanceof MissingDependency && stillToCome(error.localId)) return { kind: 'defer' };
        if (error instanceof MissingDependency) return { kind: 'done', outcome: { kind: 'waiting', error: error.message } };
        if (error instanceof UnmappableReference) return cannot(error.message);
        throw error;
      }
    }
    if (remoteId !== undefined) return this.prepareUpdate(item, description, remoteId);
    if (item.entity === 'division') {
      const existing = (await this.remoteDivisions()).get(String(description.payload.name).toLowerCase());
      if (existing !== undefined) return this.prepareUpdate(item, description, existing);
    }
    return this.sendable(item, 'create', description, undefined, await this.snapshotFor(item, description));
  }

  private prepareUpdate(item: QueueItem, description: RemoteDescription, remoteId: string): Prepared {
    if (item.entity === 'division') return this.prepareMembers(item, description, remoteId);
    if (item.entity === 'employer' || this.capabilities.extras) return this.sendable(item, 'update', description, remoteId);
    return cannot(`the remote cannot update ${item.entity}s (it offers only the 2.2.1 operations); the change stays local`);
  }

  /**
   * Divisions are shared by name with whoever else uses the remote, so they are never replaced:
   * members are added (2.2.1's addUser) and removed where the remote offers removeUser.
   */
  private prepareMembers(item: QueueItem, description: RemoteDescription, remoteId: string): Prepared {
    const synced = getRecordSync(this.db, this.env.name, item.record_id)?.synced_seq ?? 0;
    const members = new Set((description.payload.users as string[]).map((email) => email.toLowerCase()));
    const removed = [...new Set(
      (sql(this.db, "SELECT detail FROM outbox WHERE record_id = ? AND op = 'removeUser' AND seq > ?").pluck().all(item.record_id, synced) as string[])
        .map((email) => email.toLowerCase()),
    )].filter((email) => !members.has(email) && remoteIdOf(this.db, this.env.name, userIdByEmail(this.db, email) ?? '') !== undefined);
    if (removed.length > 0 && !this.capabilities.extras) {
      return cannot(`the remote cannot remove users from a division (it offers only the 2.2.1 operations): ${removed.join(', ')}`);
    }
    return this.sendable(item, 'members', { ...description, payload: { users: [...members], removed } }, remoteId);
  }

  private sendable(item: QueueItem, op: string, description: RemoteDescription, remoteId: string | undefined, snapshot: string[] | null = null): Sendable {
    return {
      kind: 'send', description, remoteId, resumed: false,
      flight: { seq: item.last_seq, op, payload: description.payload, key: randomUUID(), snapshot },
    };
  }

  /** A record left in flight by an interrupted run: same payload, same idempotency key, reconciled first. */
  private resume(item: QueueItem, state: RecordSync): Sendable {
    const payload = JSON.parse(state.in_flight_payload ?? 'null') as Record<string, unknown> | null;
    const remoteId = remoteIdOf(this.db, this.env.name, item.record_id);
    const benefit = item.entity === 'plan' ? (/^\/plans\/([a-z]+)\//.exec(item.path)?.[1] as Benefit) : undefined;
    const collection = { division: '/divisions/', user: '/users/', employer: '/employers/', plan: `/plans/${benefit}/` }[item.entity];
    return {
      kind: 'send', remoteId, resumed: true,
      description: { collection, path: (id) => `${collection}${id}/`, payload: payload ?? {}, dependencies: [] },
      flight: {
        seq: state.in_flight_seq!, op: state.in_flight_op!, payload, key: state.in_flight_key!,
        snapshot: state.in_flight_snapshot ? (JSON.parse(state.in_flight_snapshot) as string[]) : null,
      },
    };
  }

  /**
   * Sends one record, retrying what may be retried; an unknown outcome is reconciled before any
   * resend. When the remote stays unreachable, the record waits for the next run (still in flight
   * if it was sent, so that run reconciles it first).
   */
  private async send(item: QueueItem, prepared: Sendable): Promise<Outcome> {
    const { flight } = prepared;
    let reconcileFirst = prepared.resumed && flight.op === 'create';
    try {
      for (let attempt = 0; ; attempt += 1) {
        this.options.signal?.throwIfAborted();
        if (reconcileFirst) {
          const found = await this.reconcile(item, prepared);
          if (found.kind !== 'absent') return this.adopt(item, found);
          reconcileFirst = false;
        }
        const result = await this.attempt(() => this.request(item, prepared), attempt);
        if (result.kind === 'answer') return await this.interpret(item, prepared, result.response);
        reconcileFirst = result.unknown && flight.op === 'create';
        await sleep(result.wait, this.options.signal);
      }
    } catch (error) {
      if (error instanceof RemoteUnreachableError) return { kind: 'waiting', error: error.message };
      throw error;
    }
  }

  /**
   * One request, classified: an answer to act on (2xx, 4xx), or how long to wait before trying
   * again (network errors and 5xx with exponential backoff and jitter, 429 as Retry-After says).
   * Throws RemoteUnreachableError once this run should stop trying.
   */
  private async attempt(call: () => Promise<RemoteResponse>, attempt: number): Promise<Attempt> {
    const last = attempt + 1 >= this.backoff.maxAttempts;
    let response: RemoteResponse;
    try {
      response = await call();
    } catch (error) {
      if (!(error instanceof RemoteUnreachableError)) throw error;
      if (last) throw new RemoteUnreachableError(`${error.message}; will retry on the next sync`);
      return { kind: 'retry', wait: backoffDelay(this.backoff, attempt), unknown: true };
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers['retry-after']) ?? backoffDelay(this.backoff, attempt);
      if (wait > this.backoff.maxRetryAfterMs || attempt + 1 >= this.backoff.maxAttempts * 4) {
        throw new RemoteUnreachableError(`the remote is throttling requests (Retry-After ${Math.ceil(wait / 1000)} s); will retry on the next sync`);
      }
      return { kind: 'retry', wait, unknown: false };
    }
    if (isUnknownOutcome(response.status)) {
      if (last) throw new RemoteUnreachableError(`the remote answered ${response.status}; will retry on the next sync`);
      return { kind: 'retry', wait: backoffDelay(this.backoff, attempt), unknown: true };
    }
    return { kind: 'answer', response };
  }

  /** A request that is safe to repeat, retried until it answers 2xx or 4xx; throws RemoteUnreachableError. */
  private async retrying(call: () => Promise<RemoteResponse>): Promise<RemoteResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const result = await this.attempt(call, attempt);
      if (result.kind === 'answer') return result.response;
      await sleep(result.wait, this.options.signal);
    }
  }

  private read(path: string): Promise<RemoteResponse> {
    return this.retrying(() => this.remote.send('GET', path, undefined, undefined, this.options.signal));
  }

  /**
   * The employers of a remote division, for remotes that cannot list employers: 2.2.1's addUser
   * answers with the division, `employer_ids` included. The member added is one we pushed into
   * that division, so the call changes nothing there. Empty when we know no such member.
   */
  private async employersOfDivision(remoteDivision: string): Promise<string[]> {
    const email = sql(this.db, `SELECT u.email FROM users u
      JOIN division_members m ON m.user_id = u.id
      JOIN id_map d ON d.env = @env AND d.local_id = m.division_id AND d.remote_id = @division
      JOIN record_sync s ON s.env = @env AND s.record_id = u.id AND s.status = 'synced'
      LIMIT 1`).pluck().get({ env: this.env.name, division: remoteDivision }) as string | undefined;
    if (email === undefined) return [];
    const response = await this.retrying(() => this.remote.send('POST', `/divisions/${remoteDivision}/addUser/`, { email }, undefined, this.options.signal));
    return response.status === 200 ? ((response.body as { employer_ids?: string[] }).employer_ids ?? []) : [];
  }

  private async request(item: QueueItem, prepared: Sendable): Promise<RemoteResponse> {
    const { flight, description, remoteId } = prepared;
    const signal = this.options.signal;
    switch (flight.op) {
      case 'create': return this.remote.send('POST', description.collection, flight.payload, flight.key, signal);
      case 'update': return this.remote.send('PUT', description.path(remoteId!), flight.payload, flight.key, signal);
      case 'delete': return this.remote.send('DELETE', description.path(remoteId!), undefined, flight.key, signal);
      case 'members': {
        const { users, removed } = flight.payload as { users: string[]; removed: string[] };
        const calls = [...users.map((email) => ['addUser', email] as const), ...removed.map((email) => ['removeUser', email] as const)];
        for (const [action, email] of calls) {
          const response = await this.remote.send('POST', `/divisions/${remoteId}/${action}/`, { email }, `${flight.key}:${action}:${email}`, signal);
          if (response.status !== 200) return response;
        }
        return { status: 200, body: { id: remoteId }, headers: {} };
      }
      default: throw new Error(`unknown sync operation ${flight.op} for ${item.path}`);
    }
  }

  private async interpret(item: QueueItem, prepared: Sendable, response: RemoteResponse): Promise<Outcome> {
    const { flight } = prepared;
    const body = (response.body ?? {}) as Record<string, unknown>;
    if (response.status >= 200 && response.status < 300) {
      if (flight.op === 'delete') return { kind: 'synced', unmapped: true };
      const remoteId = prepared.remoteId ?? (body.id as string | undefined);
      if (typeof remoteId !== 'string') return { kind: 'failed', error: `the remote answered ${response.status} without an id` };
      return { kind: 'synced', remoteId };
    }
    if (response.status === 404 && flight.op === 'delete') return { kind: 'synced', unmapped: true };
    if (response.status === 400 && flight.op === 'create' && JSON.stringify(body).includes('already exists')) {
      const found = await this.reconcile(item, prepared);
      if (found.kind !== 'absent') return this.adopt(item, found);
      return { kind: 'conflict', error: `the remote says it already exists but it cannot be identified there: ${this.localErrors(body)}` };
    }
    if (response.status === 404 && flight.op !== 'create') {
      return { kind: 'conflict', error: `the ${item.entity} no longer exists on ${this.env.name}, or the remote cannot ${flight.op} it` };
    }
    if (response.status === 405) return { kind: 'failed', error: `the remote cannot ${flight.op} ${item.entity}s: ${this.localErrors(body)}` };
    if (response.status === 403) return { kind: 'failed', error: `the token of ${this.env.name} may not do this: ${this.localErrors(body)}` };
    return { kind: 'failed', error: `${response.status}: ${this.localErrors(body)}` };
  }

  /** The remote's error body with its ids written back as our local ids. */
  private localErrors(body: Record<string, unknown>): string {
    return JSON.stringify(body).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => localIdOf(this.db, this.env.name, id.toLowerCase()) ?? id);
  }

  private adopt(_item: QueueItem, found: Exclude<Found, { kind: 'absent' }>): Outcome {
    return found.kind === 'conflict' ? { kind: 'conflict', error: found.error } : { kind: 'synced', remoteId: found.remoteId };
  }

  /** Looks the record up on the remote by its unique key, and compares it with what we sent. */
  private async reconcile(item: QueueItem, prepared: Sendable): Promise<Found> {
    const payload = (prepared.flight.payload ?? {}) as Record<string, unknown>;
    const compare = (remoteId: string, remoteRecord: Record<string, unknown>): Found => {
      const differing = differences(payload, remoteRecord).filter((field) => !(item.entity === 'division' && (field === 'users' || field === 'employer_ids')));
      return differing.length === 0
        ? { kind: 'found', remoteId }
        : { kind: 'conflict', error: `${this.env.name} already has this ${item.entity} (${remoteId}) with different ${differing.join(', ')}; resolve it by hand, nothing was overwritten` };
    };
    switch (item.entity) {
      case 'division': {
        this.divisionsByName = undefined;
        const remoteId = (await this.remoteDivisions()).get(String(payload.name).toLowerCase());
        return remoteId === undefined ? { kind: 'absent' } : { kind: 'found', remoteId };
      }
      case 'user': {
        if (!this.capabilities.extras) return { kind: 'absent' };
        const response = await this.read(`/users/byEmail/${encodeURIComponent(String(payload.email))}/`);
        return response.status === 200 ? compare((response.body as { id: string }).id, response.body as Record<string, unknown>) : { kind: 'absent' };
      }
      case 'employer': {
        const name = String(payload.name).trim().toLowerCase();
        let candidates: string[];
        if (this.capabilities.extras) {
          const list = await this.read('/employers/list/');
          if (list.status !== 200) return { kind: 'absent' };
          candidates = (list.body as { id: string; name: string }[]).filter((entry) => entry.name.toLowerCase() === name).map((entry) => entry.id);
        } else {
          candidates = (await this.employersOfDivision(String(payload.division))).filter((id) => localIdOf(this.db, this.env.name, id) === undefined);
        }
        for (const id of candidates) {
          const record = await this.read(`/employers/${id}/`);
          const body = record.body as Record<string, unknown>;
          if (record.status === 200 && String(body.name).toLowerCase() === name) return compare(id, body);
        }
        return { kind: 'absent' };
      }
      case 'plan': {
        const benefit = prepared.description.collection.split('/')[2]!;
        const employer = await this.read(`/employers/${String(payload.employer)}/`);
        if (employer.status !== 200) return { kind: 'absent' };
        const body = employer.body as { plans: { benefit: string; id: string }[]; plans_expired: { benefit: string; id: string }[] };
        const candidates = [...body.plans, ...body.plans_expired]
          .filter((ref) => ref.benefit === benefit && localIdOf(this.db, this.env.name, ref.id) === undefined)
          .map((ref) => ref.id);
        if (this.capabilities.extras) {
          for (const id of candidates) {
            const plan = await this.read(`/plans/${benefit}/${id}/`);
            const record = plan.body as Record<string, unknown>;
            if (plan.status === 200 && String(record.title).toLowerCase() === String(payload.title).trim().toLowerCase()) return compare(id, record);
          }
          return { kind: 'absent' };
        }
        const snapshot = new Set(prepared.flight.snapshot ?? []);
        const fresh = candidates.filter((id) => !snapshot.has(id));
        if (fresh.length === 1) return { kind: 'found', remoteId: fresh[0]! };
        if (fresh.length === 0) return { kind: 'absent' };
        return { kind: 'conflict', error: `${fresh.length} new ${benefit} plans appeared on the employer at ${this.env.name}; cannot tell which one is ours` };
      }
    }
  }

  /**
   * Where the remote cannot show a plan's title, a plan create is found again only as the one new
   * plan of its kind on its employer since the snapshot; so two creates of one kind for one
   * employer never go out together, and each snapshot is taken after the previous one's outcome.
   */
  private exclusiveGroup(prepared: Sendable): string | undefined {
    const { flight, description } = prepared;
    if (this.capabilities.extras || flight.op !== 'create' || !description.collection.startsWith('/plans/')) return undefined;
    return `${description.collection}${String((flight.payload as Record<string, unknown>).employer)}`;
  }

  /** For remotes that cannot show a plan's title: the employer's plan ids before a plan create. */
  private async snapshotFor(item: QueueItem, description: RemoteDescription): Promise<string[] | null> {
    if (item.entity !== 'plan' || this.capabilities.extras) return null;
    const employer = await this.read(`/employers/${String(description.payload.employer)}/`);
    if (employer.status !== 200) return null;
    const body = employer.body as { plans: { id: string }[]; plans_expired: { id: string }[] };
    return [...body.plans, ...body.plans_expired].map((ref) => ref.id);
  }

  private queuedPosition(recordId: string): number | undefined {
    return sql(this.db, 'SELECT position FROM temp.sync_queue WHERE record_id = ?').pluck().get(recordId) as number | undefined;
  }

  private isQueued(recordId: string): boolean {
    return this.queuedPosition(recordId) !== undefined;
  }

  /**
   * A local division that was never queued (the one `local init` made) is matched on the remote by
   * name, and created there when missing. Matching by name is also how an interrupted create is
   * found again, so this is safe to repeat.
   */
  private async matchDivision(localId: string): Promise<boolean> {
    const name = sql(this.db, 'SELECT name FROM divisions WHERE id = ?').pluck().get(localId) as string | undefined;
    if (name === undefined) return false;
    const adopt = (remoteId: string | undefined) => {
      if (remoteId !== undefined) mapIds(this.db, this.env.name, 'division', localId, remoteId);
      return remoteId !== undefined;
    };
    for (let attempt = 0; ; attempt += 1) {
      if (adopt((await this.remoteDivisions()).get(name.toLowerCase()))) return true;
      const body = { name, users: [], employer_ids: [] };
      const result = await this.attempt(() => this.remote.send('POST', '/divisions/', body, `division:${localId}`, this.options.signal), attempt);
      this.divisionsByName = undefined;
      if (result.kind === 'answer') {
        return adopt(result.response.status === 200 ? (result.response.body as { id: string }).id : (await this.remoteDivisions()).get(name.toLowerCase()));
      }
      await sleep(result.wait, this.options.signal);
    }
  }

  private async remoteDivisions(): Promise<Map<string, string>> {
    if (!this.divisionsByName) {
      const response = await this.read('/divisions/list/');
      const list = response.status === 200 ? (response.body as { id: string; name: string }[]) : [];
      this.divisionsByName = new Map(list.map((division) => [division.name.toLowerCase(), division.id]));
    }
    return this.divisionsByName;
  }

  private async probe(): Promise<Capabilities> {
    const employers = await this.read('/employers/list/');
    const filters = await this.read('/filters/list/');
    return {
      extras: employers.status === 200,
      filters: filters.status === 200 ? new Map((filters.body as { id: string; name: string }[]).map((filter) => [filter.name, filter.id])) : undefined,
    };
  }

  private mappingContext(): MappingContext {
    return { db: this.db, env: this.env.name, remoteFilters: this.capabilities.filters };
  }

  private record(item: QueueItem, prepared: Prepared, outcome: Outcome): void {
    const seq = prepared.kind === 'send' ? prepared.flight.seq : item.last_seq;
    switch (outcome.kind) {
      case 'synced':
        if (outcome.remoteId !== undefined) mapIds(this.db, this.env.name, item.entity, item.record_id, outcome.remoteId);
        if (outcome.unmapped) {
          unmapId(this.db, this.env.name, item.record_id);
          if (item.entity === 'employer') unmapPlansDeletedWithEmployers(this.db, this.env.name);
        }
        markSynced(this.db, this.env.name, item, seq);
        this.summary.pushed += 1;
        this.progress.done += 1;
        break;
      case 'failed':
      case 'conflict':
        markFailed(this.db, this.env.name, item, seq, outcome.kind, outcome.error);
        this.summary.failed += 1;
        this.progress.failed += 1;
        this.summary.errors.push({ record: item.record_id, path: item.path, error: outcome.error });
        break;
      case 'waiting':
        markPending(this.db, this.env.name, item, outcome.error);
        this.summary.pending += 1;
        this.summary.errors.push({ record: item.record_id, path: item.path, error: outcome.error });
        break;
    }
  }

  private emit(): void {
    this.options.onProgress?.({ ...this.progress });
  }
}

type Found = { kind: 'found'; remoteId: string } | { kind: 'conflict'; error: string } | { kind: 'absent' };

/** `unknown`: the remote may have acted on the request. */
type Attempt = { kind: 'answer'; response: RemoteResponse } | { kind: 'retry'; wait: number; unknown: boolean };

interface Sendable {
  kind: 'send';
  description: RemoteDescription;
  remoteId: string | undefined;
  /** Left in flight by an earlier run: already marked, to be reconciled. */
  resumed: boolean;
  flight: { seq: number; op: string; payload: unknown; key: string; snapshot: string[] | null };
}

type Prepared = Sendable | { kind: 'done'; outcome: Outcome };

function userIdByEmail(db: Workspace['db'], email: string): string | undefined {
  return sql(db, 'SELECT id FROM users WHERE email = ? COLLATE NOCASE').pluck().get(email) as string | undefined;
}

function cannot(error: string): Prepared {
  return { kind: 'done', outcome: { kind: 'failed', error } };
}

/**
 * Runs `work` on every item, at most `limit` at once. After a failure no further item starts; the
 * ones under way finish, so that nothing runs on once the caller has returned.
 */
async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<{ results: (R | undefined)[]; failure?: { error: unknown } }> {
  const results = new Array<R | undefined>(items.length);
  let failure: { error: unknown } | undefined;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && !failure) {
        const index = next++;
        try {
          results[index] = await work(items[index]!);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  return failure ? { results, failure } : { results };
}

export { TokenRejectedError };
