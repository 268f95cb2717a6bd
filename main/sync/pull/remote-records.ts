import { randomUUID } from 'node:crypto';
import { isBenefit } from '../../../shared/plans/benefits.js';
import { changesPageSchema, type Change, type ChangesPage } from '../../../shared/sync-wire.js';
import type { RemoteSession } from '../session.js';

/** How a remote lets itself be read: a changes feed, lists of its records, or not at all. */
export type PullSource = { kind: 'feed' } | { kind: 'listing' } | { kind: 'none'; reason: string };

/**
 * The remote cannot be pulled from: it cannot list its records, a division asked for is not
 * there, or it answered a read with something other than what the operation promises. Nothing
 * from that answer is applied.
 */
export class PullRefusedError extends Error {}

/** Records a page of a listing holds: small enough that an interrupted pull re-reads little. */
const LISTING_PAGE = 200;
/** Records read at once while listing a remote without a feed. */
const LISTING_READS = 16;

/**
 * What the remote offers for reading (as the session's probe found): PlanDesk's changes feed, else
 * the older edition's lists, else nothing a pull can use.
 */
export function pullSource(session: RemoteSession): PullSource {
  if (session.capabilities.feed) return { kind: 'feed' };
  if (session.capabilities.extras) return { kind: 'listing' };
  return {
    kind: 'none',
    reason: `${session.env.name} cannot list its records (it offers only the 2.2.1 operations, which read an employer only by its id), so nothing can be pulled from it`,
  };
}

/**
 * One page of the changes feed after `since` (or, without it, the first page of a listing of
 * everything), of at most `limit` records (the remote's default when undefined).
 */
export async function readChangesPage(session: RemoteSession, since: string | null, limit: number | undefined): Promise<ChangesPage> {
  const query = new URLSearchParams();
  if (since !== null) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const response = await session.read(`/changes/${query.size > 0 ? `?${query}` : ''}`);
  if (response.status === 200) {
    const parsed = changesPageSchema.safeParse(response.body);
    if (parsed.success) return parsed.data;
  }
  throw new PullRefusedError(`${session.env.name} answered its changes feed with ${response.status} and no page of changes: ${describeBody(response.body)}`);
}

/**
 * Every record the token can see, through the list and read operations of a remote without a
 * feed, as pages shaped like the feed's listing: divisions, users (when the token may list them),
 * employers, then each employer's plans, earlier plans first (a renewal after the plan it renews).
 * `onTotal` hears how many records there are, once the employers have been listed; `listed.users`
 * says whether the token could list the users (an admin's can).
 */
export async function* listEverything(session: RemoteSession, listed: { users: boolean }, onTotal: (total: number) => void): AsyncGenerator<ChangesPage> {
  const listing = { id: randomUUID(), reason: 'requested' as const, done: false };
  const divisions = listOf<{ id: string; name: string }>(await session.read('/divisions/list/'), session, 'divisions');
  const userList = await session.read('/users/list/');
  listed.users = userList.status === 200;
  const userIds = listed.users ? listOf<{ id: string }>(userList, session, 'users').map((user) => user.id) : [];
  const employerIds = listOf<{ id: string }>(await session.read('/employers/list/'), session, 'employers').map((employer) => employer.id);
  onTotal(divisions.length + userIds.length + employerIds.length);

  const page = (changes: Change[]): ChangesPage => ({ scope: '', snapshot: listing, changes, next: '', complete: false });
  yield page(divisions.map((division) => upsert('division', null, division.id, division)));
  for (const chunk of chunks(userIds, LISTING_PAGE))
    yield page(
      await readAll(
        session,
        chunk.map((id) => ['user', null, `/users/${id}/`] as const),
      ),
    );

  let planCount = 0;
  for (const chunk of chunks(employerIds, LISTING_PAGE / 4)) {
    const employers = await readAll(
      session,
      chunk.map((id) => ['employer', null, `/employers/${id}/`] as const),
    );
    const plans = employers.flatMap((change) => plansOf(change.record!));
    planCount += plans.length;
    onTotal(divisions.length + userIds.length + employerIds.length + planCount);
    const planChanges = await readAll(
      session,
      plans.map((plan) => ['plan', plan.benefit, `/plans/${plan.benefit}/${plan.id}/`] as const),
    );
    yield page([...employers, ...planChanges.sort(byStart)]);
  }
  yield { ...page([]), snapshot: { ...listing, done: true }, complete: true };
}

type Read = readonly ['division' | 'user' | 'employer' | 'plan', Change['kind'], string];

/** Each path read (LISTING_READS at once), as upserts; a record gone between the list and its read is left out. */
async function readAll(session: RemoteSession, reads: readonly Read[]): Promise<Change[]> {
  const results: (Change | undefined)[] = new Array(reads.length);
  let next = 0;
  const worker = async () => {
    while (next < reads.length) {
      const index = next++;
      const [entity, kind, path] = reads[index]!;
      const response = await session.read(path);
      if (response.status === 404) continue;
      if (response.status !== 200 || !isRecord(response.body)) {
        throw new PullRefusedError(`${session.env.name} answered GET ${path} with ${response.status}: ${describeBody(response.body)}`);
      }
      results[index] = upsert(entity, kind, String(response.body.id), response.body);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LISTING_READS, reads.length) }, worker));
  return results.filter((change): change is Change => change !== undefined);
}

function upsert(entity: Change['entity'], kind: Change['kind'], id: string, record: Record<string, unknown>): Change {
  return { entity, kind, id, op: 'upsert', record };
}

/** An employer's plans, active and expired, as {benefit, id}. */
function plansOf(employer: Record<string, unknown>): { benefit: NonNullable<Change['kind']>; id: string }[] {
  const listed = [...asArray(employer.plans), ...asArray(employer.plans_expired)];
  return listed.flatMap((entry) => {
    const { benefit, id } = entry as { benefit?: unknown; id?: unknown };
    return typeof benefit === 'string' && isBenefit(benefit) && typeof id === 'string' ? [{ benefit, id }] : [];
  });
}

const byStart = (a: Change, b: Change) => String(a.record?.start_date ?? '').localeCompare(String(b.record?.start_date ?? ''));

function listOf<T>(response: { status: number; body: unknown }, session: RemoteSession, what: string): T[] {
  if (response.status === 200 && Array.isArray(response.body)) return response.body as T[];
  throw new PullRefusedError(`${session.env.name} answered the list of ${what} with ${response.status}: ${describeBody(response.body)}`);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function describeBody(body: unknown): string {
  const text = JSON.stringify(body) ?? 'nothing';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
