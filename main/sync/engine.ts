import { setImmediate } from 'node:timers/promises';
import { timestamp } from '../service/context.js';
import { withoutWaitingForDisk, withPageCache } from '../store/connection-tuning.js';
import { sqliteWriteTransaction } from '../store/sqlite-store.js';
import { mapIds, remoteIdOf, unmapId } from '../store/id-map-store.js';
import { setRemoteVersion } from '../store/pull-store.js';
import { getRecordSync, markFailed, markInFlight, markPending, markSynced } from '../store/record-sync-store.js';
import { buildQueue, queuePage, queuedPosition, type QueueItem } from '../store/sync-queue-store.js';
import type { Workspace } from '../workspace/workspace.js';
import type { BackoffPolicy } from './backoff.js';
import { Limiter } from './concurrency.js';
import { entitySync } from './entities/index.js';
import type { EntitySync, RemoteDescription, SyncContext } from './entities/entity-sync.js';
import type { Environment } from './environments.js';
import type { Outcome } from './interpret.js';
import { readLocalRecord } from './local-records.js';
import { recordName } from './queue-view.js';
import { MissingDependency, UnmappableReference } from './records.js';
import { Remote, RemoteUnreachableError } from './remote.js';
import { RemoteSession } from './session.js';
import { cannot, collectionOf, resumed, send, sendable, type Prepared, type Sendable } from './sending.js';

export { TokenRejectedError } from './remote.js';

export interface SyncProgress {
  total: number;
  done: number;
  failed: number;
  /** The record being sent, as a person knows it: "employer Summit Bakery". */
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

/** Records sent at once unless told otherwise: enough to keep a group-committing server's batches full. */
export const DEFAULT_CONCURRENCY = 16;

/** Pages prepared and under way at once: enough to keep every request slot busy across a page's end, few enough that memory stays flat. */
const PAGES_UNDER_WAY = 3;

export interface SyncOptions {
  concurrency?: number;
  pageSize?: number;
  backoff?: BackoffPolicy;
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

/**
 * Pushes every queued change of the workspace to one environment, in dependency order, each
 * record exactly once. Safe to interrupt at any instant: a record is marked in flight before it
 * is sent, and a record found in flight is reconciled against the remote before anything is resent.
 */
export async function syncEnvironment(workspace: Workspace, env: Environment, options: SyncOptions = {}): Promise<SyncSummary> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const remote = new Remote(env, { connections: concurrency, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const session = new RemoteSession(env, remote, options.signal, options.backoff);
  try {
    return await withPageCache(workspace.db, RUN_CACHE_KIB, () =>
      new SyncRun(workspace, { db: workspace.db, store: workspace.store, env: env.name, session }, options, concurrency).execute(),
    );
  } finally {
    await remote.close();
  }
}

/**
 * The connection's page cache while a run lasts. A run reads each queued record once, so a bigger
 * cache only keeps pages it will not read again, and sorting the queue takes as much memory as the
 * cache is large: with the 16 MB default, a workspace of 100,000 queued changes left the process
 * 16 MB larger than one of 10,000.
 */
const RUN_CACHE_KIB = 2048;

/** A record prepared to go out, waiting for the page that holds its exclusive group to settle. */
interface Waiting {
  item: QueueItem;
  prepared: Sendable;
}

/** One run: pages through the queue, sends what is ready side by side, records every outcome. */
class SyncRun {
  private readonly summary: SyncSummary = { pushed: 0, failed: 0, pending: 0, errors: [] };
  private readonly progress: SyncProgress = { total: 0, done: 0, failed: 0 };
  private limiter: Limiter;
  /** Pages whose requests are under way, each settled once its outcomes are recorded. */
  private readonly pages = new Set<Promise<void>>();
  /** Records of those pages (and records waiting for a group), and the exclusive groups they hold, each with the records waiting for it. */
  private readonly unsettled = new Set<string>();
  private readonly groups = new Map<string, Waiting[]>();
  private waitingForGroups = 0;
  /** Records whose group a settled page let go: they go with the next page. */
  private released: Waiting[] = [];

  constructor(
    private readonly workspace: Workspace,
    private readonly context: SyncContext,
    private readonly options: SyncOptions,
    private readonly concurrency: number,
  ) {
    this.limiter = new Limiter(concurrency);
  }

  async execute(): Promise<SyncSummary> {
    const { db, env, session } = this.context;
    this.progress.total = buildQueue(db, env);
    this.emit();
    if (this.progress.total === 0) return this.summary;
    await session.probe();
    // Batched, a page's records go out as one request: every record of the pages under way may be out at once.
    const batch = session.capabilities.batchOperations;
    const pageSize = this.options.pageSize ?? batch ?? 64;
    if (batch !== undefined) this.limiter = new Limiter(PAGES_UNDER_WAY * pageSize);
    // The first page holds only what goes out at once: over a slow link the remote then starts on it while the next
    // pages are prepared, instead of waiting for a full page to be read, described and marked.
    const firstPage = Math.min(pageSize, this.concurrency);
    let position = 0;
    let phase: number | undefined;
    let deferred: QueueItem[] = [];
    let progressed = true;
    try {
      for (;;) {
        this.options.signal?.throwIfAborted();
        if (this.limiter.failure) break;
        // Records waiting for their groups are let go, a page at a time, as the pages holding the groups settle: before
        // their phase ends, and before more of the queue is read once a few pages' worth wait (so memory stays flat).
        const holding = this.waitingForGroups > 0 || this.released.length > 0;
        const full = this.waitingForGroups + this.released.length >= PAGES_UNDER_WAY * pageSize;
        let fresh = full ? [] : queuePage(db, env, position, position === 0 ? firstPage : pageSize);
        const phaseEnds = fresh.length === 0 || fresh[0]!.phase !== phase;
        if (holding && phaseEnds) {
          fresh = [];
          if (this.released.length === 0) await Promise.race(this.pages);
          progressed = true;
          if (this.released.length === 0) continue;
        } else if (phaseEnds && (await this.settleAll())) {
          // A phase starts once every record of the one before has its outcome; the last passes over deferred items too.
          // Records deferred behind a page that was still under way get another pass once it has settled.
          progressed = true;
        }
        if (this.limiter.failure || (fresh.length === 0 && deferred.length === 0 && !holding)) break;
        if (fresh.length > 0) {
          position = fresh.at(-1)!.position;
          phase = fresh[0]!.phase;
        }
        const page = [...deferred, ...fresh];
        const again = this.released.splice(0, pageSize);
        const inPage = new Set([...page, ...again.map(({ item }) => item)].map((item) => item.record_id));
        // Once nothing new is read and a pass moved nothing, what still waits on a dependency waits for the next sync.
        const stillToCome =
          fresh.length > 0 || progressed ? (id: string) => inPage.has(id) || this.unsettled.has(id) || (queuedPosition(db, id) ?? 0) > position : () => false;
        deferred = await this.startPage(page, again, stillToCome);
        // The page's requests go out before the next page is prepared (a batch is posted once the event loop turns):
        // otherwise three pages were prepared and marked before the first byte left, and the remote waited meanwhile.
        await setImmediate();
        progressed = deferred.length < page.length + again.length;
        while (this.pages.size >= PAGES_UNDER_WAY) await Promise.race(this.pages);
      }
    } finally {
      // What finished is recorded even when the run stops (token rejected, cancelled); the rest stays in flight.
      await this.settleAll();
    }
    if (this.limiter.failure) throw this.limiter.failure.error;
    return this.summary;
  }

  /** Waits until every page under way has its outcomes recorded; true when there was any. */
  private async settleAll(): Promise<boolean> {
    const any = this.pages.size > 0;
    while (this.pages.size > 0) await Promise.race(this.pages);
    return any;
  }

  /**
   * Prepares one page, marks what goes out in flight (one transaction), and hands its requests to
   * the run's limiter without waiting for them: the next page is prepared while these are sent,
   * so a slow record holds up only its own page's bookkeeping. The page's outcomes are recorded in
   * one transaction once all of them are in. An item whose dependency is still to come in this run
   * (in this page, in a page under way, or later in the queue) is returned, to go again with the
   * next page. An item that may not go out beside another under way (its entity's `exclusiveGroup`)
   * waits, as it was prepared, for that one's page to settle, and then goes with the next page
   * (`again`). The snapshots of the page's creates are taken last, side by side (takeSnapshots).
   */
  private async startPage(page: QueueItem[], again: Waiting[], stillToCome: (id: string) => boolean): Promise<QueueItem[]> {
    const { db, env } = this.context;
    const ready: { item: QueueItem; prepared: Prepared }[] = [];
    const deferred: QueueItem[] = [];
    const groups: string[] = [];
    const locals = await this.readPage(page);
    for (const { item, prepared: made } of [...again, ...page.map((item) => ({ item, prepared: undefined }))]) {
      const preparing = made ? Promise.resolve(made) : this.prepare(item, locals, stillToCome);
      const prepared = await preparing.catch((error: unknown): Prepared | { kind: 'defer' } => {
        if (error instanceof RemoteUnreachableError) return { kind: 'done', outcome: { kind: 'waiting', error: error.message } };
        throw error;
      });
      const group = prepared.kind === 'send' ? prepared.sync.exclusiveGroup?.(this.context, prepared.flight, prepared.collection) : undefined;
      const behind = group === undefined ? undefined : this.groups.get(group);
      if (prepared.kind === 'defer' || (prepared.kind === 'send' && prepared.dependencies.some((id) => id !== item.record_id && stillToCome(id)))) {
        deferred.push(item);
      } else if (behind && prepared.kind === 'send') {
        behind.push({ item, prepared });
        this.waitingForGroups += 1;
        this.unsettled.add(item.record_id);
      } else {
        if (group !== undefined) {
          this.groups.set(group, []);
          groups.push(group);
        }
        ready.push({ item, prepared });
      }
    }
    await this.takeSnapshots(ready);
    const at = timestamp(this.workspace.context);
    sqliteWriteTransaction(db, () => {
      for (const { item, prepared } of ready) if (prepared.kind === 'send' && !prepared.resumed) markInFlight(db, env, item, prepared.flight, at);
    });
    for (const { item } of ready) this.unsettled.add(item.record_id);
    const sent = Promise.all(
      ready.map(({ item, prepared }) =>
        this.limiter.run(async () => {
          this.progress.current = recordName(db, item.record_id, item.entity);
          this.emit();
          return prepared.kind === 'send' ? send(this.context, item, prepared, this.options.signal) : prepared.outcome;
        }),
      ),
    );
    const settled = sent
      .then((outcomes) => {
        // Without waiting for the disk: the next page's in-flight marks make these durable, and losing them in a power
        // cut is safe (those records are still marked in flight, and the next run reconciles them before resending).
        withoutWaitingForDisk(db, () => {
          ready.forEach(({ item, prepared }, index) => {
            const outcome = outcomes[index];
            if (outcome !== undefined) this.record(item, prepared, outcome);
          });
        });
        this.emit();
      })
      .catch((error: unknown) => {
        this.limiter.failure ??= { error };
      })
      .finally(() => {
        for (const { item } of ready) this.unsettled.delete(item.record_id);
        for (const group of groups) {
          for (const waiting of this.groups.get(group)!) {
            this.unsettled.delete(waiting.item.record_id);
            this.released.push(waiting);
            this.waitingForGroups -= 1;
          }
          this.groups.delete(group);
        }
        this.pages.delete(settled);
      });
    this.pages.add(settled);
    return deferred;
  }

  /** The page's local records that are read in one query per kind (see EntitySync.readPage); the rest are read one by one. */
  private async readPage(page: QueueItem[]): Promise<Map<string, Record<string, unknown>>> {
    const bodies = new Map<string, Record<string, unknown>>();
    const byEntity = new Map<EntitySync, QueueItem[]>();
    for (const item of page) {
      const sync = entitySync(item.entity);
      if (!sync.readPage || item.last_op === 'delete') continue;
      const items = byEntity.get(sync) ?? [];
      items.push(item);
      byEntity.set(sync, items);
    }
    for (const [sync, items] of byEntity) for (const [id, body] of await sync.readPage!(this.context.store, items)) bodies.set(id, body);
    return bodies;
  }

  private async prepare(
    item: QueueItem,
    locals: Map<string, Record<string, unknown>>,
    stillToCome: (id: string) => boolean,
  ): Promise<Prepared | { kind: 'defer' }> {
    const { db, env } = this.context;
    const sync = entitySync(item.entity);
    if (item.resumable) {
      // Read again: another run may have landed it since the page was read.
      const state = getRecordSync(db, env, item.record_id);
      if (state?.status === 'in_flight' && state.in_flight_key) return resumed(this.context, item, state);
    }
    const remoteId = item.resumable ? remoteIdOf(db, env, item.record_id) : (item.remote_id ?? undefined);
    if (item.last_op === 'delete') {
      if (remoteId === undefined) return { kind: 'done', outcome: { kind: 'synced' } };
      if (!this.context.session.capabilities.extras) return cannot(`the remote cannot delete ${item.entity}s (it offers only the 2.2.1 operations)`);
      return sendable(this.context, item, sync, 'delete', collectionOf(item), {}, [], remoteId);
    }
    const local = sync.readPage ? locals.get(item.record_id) : await readLocalRecord(this.workspace, item.path);
    if (local === undefined) return { kind: 'done', outcome: { kind: 'synced' } };
    let description: RemoteDescription | undefined;
    while (!description) {
      try {
        description = await sync.describe(this.context, local, item.path);
      } catch (error) {
        if (error instanceof MissingDependency && queuedPosition(db, error.localId) === undefined) {
          const matched = await entitySync(error.entity).matchUnqueued?.(this.context, error.localId);
          if (matched) continue;
        }
        if (error instanceof MissingDependency && stillToCome(error.localId)) return { kind: 'defer' };
        if (error instanceof MissingDependency) return { kind: 'done', outcome: { kind: 'waiting', error: error.message } };
        if (error instanceof UnmappableReference) return cannot(error.message);
        throw error;
      }
    }
    const target = remoteId ?? (await sync.existing?.(this.context, description));
    if (target !== undefined) {
      const update = await sync.update(this.context, item, description, target);
      if ('cannot' in update) return cannot(update.cannot);
      return sendable(this.context, item, sync, update.op, description.collection, update.payload, description.dependencies, target);
    }
    return sendable(this.context, item, sync, 'create', description.collection, description.payload, description.dependencies, undefined);
  }

  /**
   * What the remote holds beside each create that goes out (EntitySync.snapshot), taken once the
   * page's records are prepared, side by side: one after another, each cost the page a round trip
   * before anything of it went out. A create that waited for its group gets one anew (what the remote
   * held may have changed meanwhile); one left in flight by an earlier run keeps the snapshot it was
   * sent with (it may have landed since). A remote that cannot be read leaves the create waiting.
   */
  private async takeSnapshots(ready: { item: QueueItem; prepared: Prepared }[]): Promise<void> {
    await Promise.all(
      ready.map(async (entry) => {
        const { prepared } = entry;
        if (prepared.kind !== 'send' || prepared.flight.op !== 'create' || prepared.resumed || !prepared.sync.snapshot) return;
        const { flight, collection, dependencies } = prepared;
        try {
          flight.snapshot =
            (await prepared.sync.snapshot(this.context, { collection, payload: flight.payload as Record<string, unknown>, dependencies })) ?? null;
        } catch (error) {
          if (!(error instanceof RemoteUnreachableError)) throw error;
          entry.prepared = { kind: 'done', outcome: { kind: 'waiting', error: error.message } };
        }
      }),
    );
  }

  private record(item: QueueItem, prepared: Prepared, outcome: Outcome): void {
    const { db, env } = this.context;
    const seq = prepared.kind === 'send' ? prepared.flight.seq : item.last_seq;
    switch (outcome.kind) {
      case 'synced':
        if (outcome.remoteId !== undefined) mapIds(db, env, item.entity, item.record_id, outcome.remoteId);
        // An answer that showed no record (a division's members added) leaves the version known as it was; a create's is new.
        if (outcome.version !== undefined || (prepared.kind === 'send' && prepared.flight.op === 'create')) {
          setRemoteVersion(db, env, item.record_id, outcome.version ?? null);
        }
        if (outcome.unmapped) {
          unmapId(db, env, item.record_id);
          entitySync(item.entity).afterDelete?.(this.context);
        }
        markSynced(db, env, item, seq);
        this.summary.pushed += 1;
        this.progress.done += 1;
        break;
      case 'failed':
      case 'conflict':
        markFailed(db, env, item, seq, {
          status: outcome.kind,
          error: outcome.error,
          remoteId: outcome.kind === 'conflict' ? outcome.remoteId : undefined,
          remoteVersion: outcome.kind === 'conflict' ? outcome.remoteVersion : undefined,
          field: outcome.kind === 'failed' ? outcome.field : undefined,
        });
        this.summary.failed += 1;
        this.progress.failed += 1;
        this.summary.errors.push({ record: item.record_id, path: item.path, error: outcome.error });
        break;
      case 'waiting':
        markPending(db, env, item, outcome.error);
        this.summary.pending += 1;
        this.summary.errors.push({ record: item.record_id, path: item.path, error: outcome.error });
        break;
    }
    if (prepared.kind === 'send') prepared.sync.afterOutcome?.(this.context, prepared.flight, outcome);
  }

  private emit(): void {
    this.options.onProgress?.({ ...this.progress });
  }
}
