import { planKind, type Benefit } from '../../../shared/plans/index.js';
import { getPlan, getPlanHeader, getPlans } from '../../store/plans-store.js';
import { compareFound, mapped } from '../records.js';
import { foldName, type RemoteSession } from '../session.js';
import { localIdOf } from '../../store/id-map-store.js';
import { localReference, putWhereOffered, withRemoteValues, type EntitySync, type Found, type SyncContext } from './entity-sync.js';

/** A plan's kind, from its collection or its path (/plans/KIND/...). */
export const benefitOf = (collection: string) => collection.split('/')[2] as Benefit;

/**
 * Plans: identified on the remote among their employer's plans of the same kind, by title where
 * the remote can show a plan, else as the one new plan of its kind since a snapshot taken before
 * the create.
 */
export const planSync: EntitySync = {
  entity: 'plan',
  versioned: true,

  async describe(context, local, path) {
    // From the path where the run has it: the plan may have been deleted here since its page was read.
    const benefit = path !== undefined ? benefitOf(path) : ((await getPlanHeader(context.store, local.id as string))!.benefit as Benefit);
    const kind = planKind(benefit);
    const payload = kind.blankRecord();
    for (const field of kind.fieldNames) payload[field] = local[field];
    payload.employer = mapped(context, local.employer as string, 'employer');
    const dependencies = [local.employer as string];
    if (local.from_plan) {
      payload.from_plan = mapped(context, local.from_plan as string, 'plan', 'prior-year plan');
      dependencies.push(local.from_plan as string);
    }
    return { collection: `/plans/${benefit}/`, payload, dependencies };
  },

  async readPage(db, items) {
    const byKind = new Map<Benefit, string[]>();
    for (const item of items) {
      const benefit = benefitOf(item.path);
      const ids = byKind.get(benefit) ?? [];
      ids.push(item.record_id);
      byKind.set(benefit, ids);
    }
    const bodies = new Map<string, Record<string, unknown>>();
    for (const [benefit, ids] of byKind) {
      // The values object itself, given its id: a copy with the id in front would be built key by key (see PlanKind.blankRecord).
      for (const [id, plan] of await getPlans(db, benefit, ids)) {
        plan.values.id = id;
        bodies.set(id, plan.values);
      }
    }
    return bodies;
  },

  async dependsOn(db, id) {
    const header = await getPlanHeader(db, id);
    if (header === undefined) return [];
    const fromPlan = (await getPlan(db, header.benefit as Benefit, id))?.values.from_plan;
    return typeof fromPlan === 'string' ? [header.employer_id, fromPlan] : [header.employer_id];
  },

  async toLocal(context, remote, local) {
    const benefit = (await getPlanHeader(context.store, local.id as string))!.benefit as Benefit;
    const body = withRemoteValues(
      local,
      remote,
      planKind(benefit).fieldNames.filter((field) => field !== 'employer' && field !== 'from_plan'),
    );
    body.from_plan = localReference(context, remote.from_plan, local.from_plan);
    return body;
  },

  comparedFields: (payload) => Object.keys(payload),

  update: (context, _item, description) => putWhereOffered(context, 'plan', description.payload),

  async reconcile(context, flight, collection): Promise<Found> {
    const { session } = context;
    const payload = (flight.payload ?? {}) as Record<string, unknown>;
    const benefit = benefitOf(collection);
    const candidates = (await employerPlans(context, String(payload.employer)))
      ?.filter((ref) => ref.benefit === benefit && localIdOf(context.db, context.env, ref.id) === undefined)
      .map((ref) => ref.id);
    if (candidates === undefined) return { kind: 'absent' };
    if (session.capabilities.extras) {
      for (const id of candidates) {
        const plan = await session.read(`${collection}${id}/`);
        const record = plan.body as Record<string, unknown>;
        if (plan.status === 200 && foldName(String(record.title)) === foldName(String(payload.title))) {
          return compareFound(context, 'plan', Object.keys(payload), payload, id, record);
        }
      }
      return { kind: 'absent' };
    }
    const snapshot = new Set(flight.snapshot ?? []);
    const fresh = candidates.filter((id) => !snapshot.has(id));
    if (fresh.length === 1) return { kind: 'found', remoteId: fresh[0]! };
    if (fresh.length === 0) return { kind: 'absent' };
    return { kind: 'conflict', error: `${fresh.length} new ${benefit} plans appeared on the employer at ${context.env}; cannot tell which one is ours` };
  },

  /**
   * For remotes that cannot show a plan's title: the employer's plan ids before a plan create. One
   * read of the employer serves its creates for SNAPSHOT_LIFETIME_MS while each of them ends with
   * its remote id mapped: `reconcile` leaves mapped plans out, so the plans this run made there
   * since the read need not be in the snapshot (see afterOutcome).
   */
  async snapshot(context, description) {
    if (context.session.capabilities.extras) return null;
    const employer = String(description.payload.employer);
    const snapshots = snapshotsOf(context.session);
    const kept = snapshots.get(employer);
    if (kept && performance.now() - kept.readAt < SNAPSHOT_LIFETIME_MS) return kept.ids;
    // Kept while it is read, so that creates of other kinds for the employer taken side by side share the one read.
    const entry = { ids: employerPlans(context, employer).then((refs) => refs?.map((ref) => ref.id) ?? null), readAt: performance.now() };
    snapshots.set(employer, entry);
    const ids = await entry.ids.catch((error: unknown) => {
      if (snapshots.get(employer) === entry) snapshots.delete(employer);
      throw error;
    });
    if (ids === null && snapshots.get(employer) === entry) snapshots.delete(employer);
    return ids;
  },

  /**
   * A plan create whose outcome is anything but its remote id may have left a plan of ours on the
   * employer that nothing maps: the employer's next create takes a snapshot of its own, which
   * holds that plan, so it is never taken for the next one.
   */
  afterOutcome(context, flight, outcome) {
    if (flight.op !== 'create' || outcome.kind === 'synced') return;
    snapshotsOf(context.session).delete(String((flight.payload as Record<string, unknown>).employer));
  },

  /**
   * Where the remote cannot show a plan's title, a plan create is found again only as the one new
   * plan of its kind on its employer since the snapshot; so two creates of one kind for one
   * employer never go out together, and each snapshot is taken after the previous one's outcome.
   */
  exclusiveGroup(context, flight, collection) {
    if (context.session.capabilities.extras || flight.op !== 'create') return undefined;
    return `${collection}${String((flight.payload as Record<string, unknown>).employer)}`;
  },
};

/**
 * How long one read of an employer's plans stands as the snapshot of its creates. A plan another
 * client makes on the employer meanwhile is in no snapshot; after a lost answer it is one more new
 * plan, which makes a conflict, or, if our create never landed, the one new plan. A snapshot read
 * before each create leaves the same window open while a create's retries run (up to six attempts
 * with backoff, several seconds), so this one is no longer than those.
 */
const SNAPSHOT_LIFETIME_MS = 10_000;

/** Each remote employer's plan ids as last read in a run (its session), or being read, and when the read was asked. */
type Snapshots = Map<string, { ids: Promise<string[] | null>; readAt: number }>;
const runSnapshots = new WeakMap<RemoteSession, Snapshots>();

function snapshotsOf(session: RemoteSession): Snapshots {
  let snapshots = runSnapshots.get(session);
  if (!snapshots) runSnapshots.set(session, (snapshots = new Map()));
  return snapshots;
}

async function employerPlans(context: SyncContext, remoteEmployer: string): Promise<{ benefit: string; id: string }[] | undefined> {
  const employer = await context.session.read(`/employers/${remoteEmployer}/`);
  if (employer.status !== 200) return undefined;
  const body = employer.body as { plans: { benefit: string; id: string }[]; plans_expired: { benefit: string; id: string }[] };
  return [...body.plans, ...body.plans_expired];
}
