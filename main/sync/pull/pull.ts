import { setImmediate } from 'node:timers/promises';
import type { Change, ChangesPage } from '../../../shared/sync-wire.js';
import { timestamp } from '../../service/context.js';
import { withJournalsInMemory, withPageCache } from '../../store/connection-tuning.js';
import { sqliteOf, writeTransaction, type Db } from '../../store/database.js';
import { getDivisionRow } from '../../store/divisions-store.js';
import { getEmployerRow } from '../../store/employers-store.js';
import { localIdOf, remoteIdOf } from '../../store/id-map-store.js';
import { getPlanHeader } from '../../store/plans-store.js';
import { forgetListing, pullState, savePullState, unseenLinked, type PullState } from '../../store/pull-store.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { BackoffPolicy } from '../backoff.js';
import type { Environment } from '../environments.js';
import { ConnectionLostError, Remote, RemoteUnreachableError } from '../remote.js';
import { foldName, RemoteSession } from '../session.js';
import { applyPage, type Applied, type PulledError } from './apply-page.js';
import { deletedAndWaiting, pullContext } from './pulled-records.js';
import { listEverything, PullRefusedError, pullSource, readChangesPage } from './remote-records.js';

export interface PullSummary {
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
  conflicts: number;
  /** Records the workspace could not take as they are (left on the remote), with the reason. */
  failed: number;
  errors: PulledError[];
}

export interface PullProgress {
  done: number;
  /** null while the remote has not said how many there are. */
  total: number | null;
}

export interface PullOptions {
  /** Only these divisions (by name), their employers and plans. */
  divisions?: readonly string[];
  signal?: AbortSignal;
  backoff?: BackoffPolicy;
  timeoutMs?: number;
  /** Records a page of the feed holds (unless told: FIRST_PAGE on a pull's first page, then PAGE). */
  pageSize?: number;
  onProgress?: (progress: PullProgress) => void;
}

/**
 * The connection's page cache while a pull lasts. A pull writes each record once, at the end of its
 * tables and indexes (ids grow with time), so a bigger cache keeps pages it will not touch again,
 * and the process grew with what it pulled: at the 16 MB default, a pull of 100,000 plans peaked
 * about 11 MB higher than one of 10,000, its live heap the same.
 */
const PULL_CACHE_KIB = 2048;

/**
 * The first page's records: the pull waits while the remote makes that page (about 5 ms for 100
 * records, 25 for 500), whereas the remote makes each later page while the one before is applied.
 */
const FIRST_PAGE = 100;

/**
 * The records of each later page. A page's records live while it is applied; at the remote's
 * default of 500 they outlived two of V8's young-generation collections and were moved to the old
 * generation, whose garbage then grew to its limit between full collections: a pull's peak RSS
 * moved by up to 45 MB from run to run whatever its size (10,000 plans or 100,000). At 300 they
 * mostly die young: the peak of 100,000 plans stays within 8-23 MB of 10,000's, for about 5% more
 * time (more pages, each a request and a transaction).
 */
const PAGE = 300;

/** Reads at most this many pages ahead of the one being applied. */
const CONNECTIONS = 16;
const SWEEP: Change['entity'][] = ['plan', 'employer', 'user', 'division'];

/**
 * Brings what the environment's token can see into the workspace: each page of changes applied in
 * one transaction with the cursor it ends at, so a pull stopped at any instant resumes where it
 * stopped. A remote with PlanDesk's feed is read from the last cursor; one that can list its
 * records is compared in full; one that can do neither is refused.
 */
export async function pullEnvironment(workspace: Workspace, env: Environment, options: PullOptions = {}): Promise<PullSummary> {
  const remote = new Remote(env, { connections: CONNECTIONS, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const session = new RemoteSession(env, remote, options.signal, options.backoff);
  try {
    await session.probe();
    const source = pullSource(session);
    if (source.kind === 'none') throw new PullRefusedError(source.reason);
    const wanted = await wantedDivisions(session, options.divisions ?? []);
    const run = new PullRun(workspace, env.name, session, wanted, options);
    await withPageCache(workspace.db, PULL_CACHE_KIB, () =>
      withJournalsInMemory(workspace.db, () => (source.kind === 'feed' ? run.followFeed() : run.compareInFull())),
    );
    return run.summary;
  } catch (error) {
    // A read that failed on every try: the pull stops there; what it applied stays, and the next one goes on from it.
    if (error instanceof RemoteUnreachableError) throw new ConnectionLostError(env.name, error.reason);
    throw error;
  } finally {
    await remote.close();
  }
}

/** The remote ids of the divisions named (none: every division the token sees). */
async function wantedDivisions(session: RemoteSession, names: readonly string[]): Promise<Set<string> | undefined> {
  if (names.length === 0) return undefined;
  const remoteDivisions = await session.remoteDivisions();
  return new Set(
    names.map((name) => {
      const division = remoteDivisions.get(foldName(name));
      if (!division) throw new PullRefusedError(`${session.env.name} has no division named '${name}' that this token sees`);
      return division.id;
    }),
  );
}

class PullRun {
  readonly summary: PullSummary = { created: 0, updated: 0, removed: 0, unchanged: 0, conflicts: 0, failed: 0, errors: [] };
  private readonly progress: PullProgress = { done: 0, total: null };
  /** Pull state is kept per division filter: a pull of some divisions never moves the cursor of a pull of all. */
  private readonly filter: string;

  constructor(
    private readonly workspace: Workspace,
    private readonly env: string,
    private readonly session: RemoteSession,
    private readonly wanted: Set<string> | undefined,
    private readonly options: PullOptions,
  ) {
    this.filter = wanted ? JSON.stringify([...wanted].sort()) : '';
  }

  /** Pages of the feed from the last cursor, each applied with the cursor it ends at; the next page is read while one is applied. */
  async followFeed(): Promise<void> {
    let state = this.state();
    let next = readChangesPage(this.session, state.cursor, this.pageOf(FIRST_PAGE));
    for (;;) {
      const page = await next;
      if (!page.complete) {
        next = readChangesPage(this.session, page.next, this.pageOf(PAGE));
        // Applying a page holds the thread: let the next page's request go out first, so the
        // remote makes that page meanwhile.
        await setImmediate();
      }
      this.options.signal?.throwIfAborted();
      state = await this.applyAndSave(page, state, 'every');
      if (page.complete) return;
    }
  }

  /** Records to ask a page for: as told, or `wanted`, never more than the remote takes. */
  private pageOf(wanted: number): number {
    return this.options.pageSize ?? Math.min(wanted, this.session.capabilities.feedPageMax ?? wanted);
  }

  /** Every record through the list and read operations, then what the workspace holds from this remote and the listing did not name is gone there. */
  async compareInFull(): Promise<void> {
    let state = this.state();
    const listed = { users: false };
    const pages = listEverything(this.session, listed, (total) => {
      this.progress.total = total;
      this.emit();
    });
    for await (const page of pages) {
      this.options.signal?.throwIfAborted();
      state = await this.applyAndSave(page, state, listed.users ? 'every' : 'no-users');
    }
  }

  private state(): PullState {
    return pullState(this.workspace.db, this.env, this.filter) ?? { cursor: null, scope: null, listing: null, last_pull_at: null };
  }

  /**
   * One page in one transaction: its records, for the last page of a listing the sweep of what it
   * did not name, and the state the next page or pull starts from.
   */
  private applyAndSave(page: ChangesPage, before: PullState, swept: 'every' | 'no-users'): Promise<PullState> {
    const listing = page.snapshot?.id ?? null;
    return writeTransaction(this.workspace.store, async (tx) => {
      const db = sqliteOf(tx);
      const pc = pullContext(this.workspace, tx, this.env, this.session);
      if (before.listing !== null && before.listing !== listing) forgetListing(db, this.env, before.listing);
      const changes: Change[] = [];
      for (const change of page.changes) if (await this.inScope(tx, change)) changes.push(change);
      await applyPage(pc, changes, listing, (applied, error) => this.count(applied, error));
      if (listing !== null && page.snapshot?.done) {
        const gone: Change[] = [];
        for (const entity of SWEEP.filter((entity) => entity !== 'user' || swept === 'every')) {
          for (const record of unseenLinked(db, this.env, listing, entity)) {
            if (!this.wanted || (await this.linkedInScope(tx, entity, record.local_id)))
              gone.push({ entity, kind: null, id: record.remote_id, op: 'remove' as const, record: null });
          }
        }
        await applyPage(pc, gone, null, (applied, error) => this.count(applied, error));
        forgetListing(db, this.env, listing);
      }
      const state: PullState = {
        cursor: page.next === '' ? null : page.next,
        scope: page.scope === '' ? before.scope : page.scope,
        listing: page.snapshot && !page.snapshot.done ? listing : null,
        last_pull_at: page.complete ? timestamp(this.workspace.context) : before.last_pull_at,
      };
      savePullState(db, this.env, this.filter, state);
      return state;
    });
  }

  /**
   * What this pull takes: everything, or under a division filter the named divisions, the
   * employers in them and their plans; a record already linked here is always kept up to date.
   */
  private async inScope(tx: Db, change: Change): Promise<boolean> {
    if (!this.wanted || localIdOf(sqliteOf(tx), this.env, change.id) !== undefined) return true;
    if (change.op === 'remove') return false;
    const record = change.record!;
    switch (change.entity) {
      case 'division':
        return this.wanted.has(change.id);
      case 'user':
        return true;
      case 'employer':
        return this.wanted.has(String(record.division));
      case 'plan': {
        // A plan of an employer deleted here is looked at too: that delete, waiting to go there, may be a conflict now.
        const employer = localIdOf(sqliteOf(tx), this.env, String(record.employer));
        return (
          employer !== undefined && ((await deletedAndWaiting(tx, this.env, 'employer', employer)) || (await this.linkedInScope(tx, 'employer', employer)))
        );
      }
    }
  }

  /** Whether a linked local record lies in the named divisions. */
  private async linkedInScope(tx: Db, entity: Change['entity'], localId: string): Promise<boolean> {
    if (entity === 'plan') {
      const employer = (await getPlanHeader(tx, localId))?.employer_id;
      return employer !== undefined && (await this.linkedInScope(tx, 'employer', employer));
    }
    const division = entity === 'division' ? localId : entity === 'employer' ? (await getEmployerRow(tx, localId))?.division_id : undefined;
    if (division === undefined || (await getDivisionRow(tx, division)) === undefined) return entity === 'user';
    const remote = remoteIdOf(sqliteOf(tx), this.env, division);
    return remote !== undefined && this.wanted!.has(remote);
  }

  private count(applied: Applied, error?: PulledError): void {
    if (applied === 'conflict') this.summary.conflicts += 1;
    else this.summary[applied] += 1;
    if (error) this.summary.errors.push(error);
    this.progress.done += 1;
    this.emit();
  }

  private emit(): void {
    this.options.onProgress?.({ ...this.progress });
  }
}
