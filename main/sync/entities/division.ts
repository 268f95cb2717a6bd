import { getDivisionRow } from '../../store/divisions-store.js';
import { foldCase } from '../../store/text.js';
import { findUserByEmail } from '../../store/users-store.js';
import { sleep } from '../backoff.js';
import type { RemoteResponse } from '../remote.js';
import { foldName } from '../session.js';
import { mapIds, remoteIdOf } from '../../store/id-map-store.js';
import { membersRemovedSince } from '../../store/outbox-store.js';
import { getRecordSync } from '../../store/record-sync-store.js';
import { remoteVersionOf, setRemoteVersion } from '../../store/pull-store.js';
import { recordVersion } from '../../service/record-version.js';
import { withRemoteValues, type EntitySync, type Found, type SyncContext, type UpdatePlan } from './entity-sync.js';

interface MembersPayload {
  /** The local name, when the remote division is still called otherwise. */
  rename?: string;
  users: string[];
  removed: string[];
}

/**
 * Divisions are shared by name with whoever else uses the remote. A division never pushed is
 * matched there by name (case folded) and created when missing; once mapped it is that remote
 * division, whatever either side calls it. So it is never replaced: members are added (2.2.1's
 * addUser) and removed where the remote offers removeUser, and a local rename renames the mapped
 * remote division (PUT, keeping its members and employers) unless another remote division already
 * has the new name, which fails until one of them is renamed.
 */
export const divisionSync: EntitySync = {
  entity: 'division',
  versioned: false,

  async describe(context, local) {
    const members: string[] = [];
    for (const email of local.users as string[]) {
      const user = await findUserByEmail(context.store, email);
      if (user !== undefined && remoteIdOf(context.db, context.env, user.id) !== undefined) members.push(email);
    }
    return {
      collection: '/divisions/',
      payload: {
        name: local.name,
        // Members and employers the remote does not know yet join later, when they are pushed.
        users: members,
        employer_ids: (local.employer_ids as string[]).map((id) => remoteIdOf(context.db, context.env, id)).filter((id): id is string => id !== undefined),
      },
      dependencies: [],
    };
  },

  comparedFields: () => ['name'],

  dependsOn: async () => [],

  /** Only the name: members and employers are never replaced on either side. */
  toLocal: async (_context, remote, local) => withRemoteValues({ name: local.name, users: local.users, employer_ids: local.employer_ids }, remote, ['name']),

  async existing(context, description) {
    return (await context.session.remoteDivisions()).get(foldName(String(description.payload.name)))?.id;
  },

  async update(context, item, description, remoteId): Promise<UpdatePlan> {
    const { session } = context;
    const synced = getRecordSync(context.db, context.env, item.record_id)?.synced_seq ?? 0;
    const members = new Map((description.payload.users as string[]).map((email) => [foldCase(email), email]));
    const removed: string[] = [];
    for (const [folded, email] of new Map(membersRemovedSince(context.db, item.record_id, synced).map((email) => [foldCase(email), email]))) {
      if (!members.has(folded) && remoteIdOf(context.db, context.env, (await findUserByEmail(context.store, email))?.id ?? '') !== undefined)
        removed.push(email);
    }
    if (removed.length > 0 && !session.capabilities.extras) {
      return { cannot: `the remote cannot remove users from a division (it offers only the 2.2.1 operations): ${removed.join(', ')}` };
    }
    const name = String(description.payload.name);
    const divisions = await session.remoteDivisions();
    const current = [...divisions.values()].find((division) => division.id === remoteId);
    const payload: MembersPayload = { users: [...members.values()], removed };
    if (current !== undefined && foldName(current.name) !== foldName(name)) {
      if (!session.capabilities.extras)
        return { cannot: `the remote cannot rename divisions (it offers only the 2.2.1 operations); it still calls this one '${current.name}'` };
      const taken = divisions.get(foldName(name));
      if (taken !== undefined) {
        return { cannot: `${context.env} already has another division named '${taken.name}'; rename this one, or rename that one there first` };
      }
      payload.rename = name;
    }
    return { op: 'members', payload: payload as unknown as Record<string, unknown> };
  },

  /** Answers the division as the last call left it (none when nothing was called). */
  async request(context, flight, remoteId): Promise<RemoteResponse> {
    const { session } = context;
    const { rename, users, removed } = flight.payload as MembersPayload;
    let last: RemoteResponse = { status: 200, body: null, headers: {} };
    if (rename !== undefined) {
      const read = await session.read(`/divisions/${remoteId}/`);
      if (read.status !== 200) return read;
      const remote = read.body as { users: string[]; employer_ids: string[] };
      last = await session.send(
        'PUT',
        `/divisions/${remoteId}/`,
        JSON.stringify({ name: rename, users: remote.users, employer_ids: remote.employer_ids }),
        `${flight.key}:rename`,
      );
      if (last.status !== 200) return last;
      session.forgetDivisions();
    }
    const calls = [...users.map((email) => ['addUser', email] as const), ...removed.map((email) => ['removeUser', email] as const)];
    for (const [action, email] of calls) {
      last = await session.send('POST', `/divisions/${remoteId}/${action}/`, JSON.stringify({ email }), `${flight.key}:${action}:${email}`);
      if (last.status !== 200) return last;
      await keepMemberVersion(context, remoteId, action, email);
    }
    return last;
  },

  async reconcile(context, flight): Promise<Found> {
    const payload = (flight.payload ?? {}) as Record<string, unknown>;
    const remote = (await context.session.remoteDivisions(true)).get(foldName(String(payload.name)));
    return remote === undefined ? { kind: 'absent' } : { kind: 'found', remoteId: remote.id };
  },

  /**
   * A local division that was never queued (the one `local init` made) is matched on the remote by
   * name, and created there when missing. Matching by name is also how an interrupted create is
   * found again, so this is safe to repeat.
   */
  async matchUnqueued(context, localId) {
    const name = (await getDivisionRow(context.store, localId))?.name;
    if (name === undefined) return false;
    return adopt(context, localId, name);
  },
};

/**
 * A member added or removed there changes that user's `division_ids` there, and so its version:
 * by our own write, not a change made there. When the user there is as this workspace last saw it
 * but for that membership, its version becomes the one it has now, so that a later update of the
 * user is not taken for one over a change made there (last-seen.ts). One read of the user a call,
 * only where a user can be updated at all (the older edition's operations).
 */
async function keepMemberVersion(context: SyncContext, remoteDivision: string, action: 'addUser' | 'removeUser', email: string): Promise<void> {
  const user = await findUserByEmail(context.store, email);
  const remoteUser = user && remoteIdOf(context.db, context.env, user.id);
  const lastSeen = user && remoteVersionOf(context.db, context.env, user.id);
  if (!context.session.capabilities.extras || remoteUser === undefined || lastSeen === undefined || lastSeen === null) return;
  const read = await context.session.read(`/users/${remoteUser}/`);
  if (read.status !== 200) return;
  const now = read.body as Record<string, unknown>;
  const version = recordVersion(now);
  if (version === lastSeen) return;
  const divisions = Array.isArray(now.division_ids) ? (now.division_ids as string[]) : [];
  const before = { ...now, division_ids: action === 'addUser' ? divisions.filter((id) => id !== remoteDivision) : [...divisions, remoteDivision] };
  if (recordVersion(before) === lastSeen) setRemoteVersion(context.db, context.env, user!.id, version);
}

async function adopt(context: SyncContext, localId: string, name: string): Promise<boolean> {
  const { session } = context;
  const map = (remoteId: string | undefined) => {
    if (remoteId !== undefined) mapIds(context.db, context.env, 'division', localId, remoteId);
    return remoteId !== undefined;
  };
  for (let attempt = 0; ; attempt += 1) {
    if (map((await session.remoteDivisions()).get(foldName(name))?.id)) return true;
    const body = { name, users: [], employer_ids: [] };
    const result = await session.attempt(() => session.send('POST', '/divisions/', JSON.stringify(body), `division:${localId}`), attempt);
    session.forgetDivisions();
    if (result.kind === 'answer') {
      return map(result.response.status === 200 ? (result.response.body as { id: string }).id : (await session.remoteDivisions()).get(foldName(name))?.id);
    }
    await sleep(result.wait, session.signal);
  }
}
