import { EMPLOYER_FIELDS } from '../../../shared/resources/employer.js';
import { memberEmails } from '../../store/divisions-store.js';
import { getEmployerRow } from '../../store/employers-store.js';
import { filterIdByName } from '../../store/filters-store.js';
import { findUserByEmail } from '../../store/users-store.js';
import { compareFound, mapFilter, mapped } from '../records.js';
import { foldName } from '../session.js';
import { localIdOf, unmapPlansDeletedWithEmployers } from '../../store/id-map-store.js';
import { remoteVersionOf } from '../../store/pull-store.js';
import { recordVersion } from '../../service/record-version.js';
import { getRecordSync } from '../../store/record-sync-store.js';
import { localReference, withRemoteValues, type EntitySync, type Found, type SyncContext } from './entity-sync.js';
import { filterMappings } from '../../store/environments-store.js';

const COMPARED = [...EMPLOYER_FIELDS, 'division', 'other_filters'];

/**
 * Employers: identified on the remote by name (case folded). 2.2.1 can create and update them but
 * not list them; there an employer is found through its division's employer list.
 */
export const employerSync: EntitySync = {
  entity: 'employer',
  versioned: true,

  async describe(context, local) {
    const payload: Record<string, unknown> = {};
    for (const field of EMPLOYER_FIELDS) payload[field] = local[field];
    payload.division = mapped(context, local.division as string, 'division');
    const filters: string[] = [];
    for (const id of local.other_filters as string[]) filters.push(await mapFilter(context, id));
    payload.other_filters = filters;
    return { collection: '/employers/', payload, dependencies: [local.division as string] };
  },

  comparedFields: (payload) => COMPARED.filter((field) => field in payload),

  update: (_context, _item, description) => ({ op: 'update', payload: description.payload }),

  async reconcile(context, flight): Promise<Found> {
    const payload = (flight.payload ?? {}) as Record<string, unknown>;
    const name = foldName(String(payload.name));
    const { session } = context;
    let candidates: string[];
    if (session.capabilities.extras) {
      const list = await session.read('/employers/list/');
      if (list.status !== 200) return { kind: 'absent' };
      candidates = (list.body as { id: string; name: string }[]).filter((entry) => foldName(entry.name) === name).map((entry) => entry.id);
    } else {
      candidates = (await employersOfDivision(context, String(payload.division))).filter((id) => localIdOf(context.db, context.env, id) === undefined);
    }
    for (const id of candidates) {
      const record = await session.read(`/employers/${id}/`);
      const body = record.body as Record<string, unknown>;
      if (record.status === 200 && foldName(String(body.name)) === name)
        return compareFound(context, 'employer', employerSync.comparedFields(payload), payload, id, body);
    }
    return { kind: 'absent' };
  },

  afterDelete: (context) => unmapPlansDeletedWithEmployers(context.db, context.env),

  /** Its delete there deletes its plans there: one made there, or changed there since last seen, keeps it from going. */
  async takenWith(context, remote) {
    const refs = [remote.plans, remote.plans_expired].flatMap((list) => (Array.isArray(list) ? (list as { benefit: string; id: string }[]) : []));
    const plans = await Promise.all(refs.map(async (ref) => ({ ref, response: await context.session.read(`/plans/${ref.benefit}/${ref.id}/`) })));
    let changed: string | undefined;
    const versions: Record<string, string> = {};
    for (const { ref, response } of plans) {
      if (response.status === 404) continue;
      const plan = response.body as Record<string, unknown>;
      const version = response.status === 200 ? recordVersion(plan) : `answered ${response.status}`;
      versions[ref.id] = version;
      const name = response.status === 200 ? `'${String(plan.title)}'` : ref.id;
      const local = localIdOf(context.db, context.env, ref.id);
      if (local === undefined) changed ??= `its ${ref.benefit} plan ${name} was made on ${context.env}`;
      else if (remoteVersionOf(context.db, context.env, local) !== version) changed ??= `its ${ref.benefit} plan ${name} changed on ${context.env}`;
    }
    return { changed, seen: versions, version: recordVersion(versions) };
  },

  async dependsOn(db, id) {
    const division = (await getEmployerRow(db, id))?.division_id;
    return division === undefined ? [] : [division];
  },

  async toLocal(context, remote, local) {
    const body = withRemoteValues(local, remote, [...EMPLOYER_FIELDS]);
    body.division = localReference(context, remote.division, local.division);
    const account = (await getEmployerRow(context.store, local.id as string))?.account_id ?? '';
    const remoteFilters = remote.other_filters as string[] | null | undefined;
    if (remoteFilters) {
      const localFilters: (string | undefined)[] = [];
      for (const id of remoteFilters) localFilters.push(await localFilter(context, account, id));
      if (localFilters.every((id) => id !== undefined)) body.other_filters = localFilters;
    }
    return body;
  },
};

/** A remote filter id as the local filter of the same name. */
async function localFilter(context: SyncContext, accountId: string, remoteId: string): Promise<string | undefined> {
  const byName = context.session.capabilities.filters ?? filterMappings(context.db, context.env);
  const name = [...byName].find(([, id]) => id === remoteId)?.[0];
  return name === undefined ? undefined : filterIdByName(context.store, accountId, name);
}

/**
 * The employers of a remote division, for remotes that cannot list employers: 2.2.1's addUser
 * answers with the division, `employer_ids` included. The member added is one we pushed into
 * that division, so the call changes nothing there. Empty when we know no such member.
 */
async function employersOfDivision(context: SyncContext, remoteDivision: string): Promise<string[]> {
  const division = localIdOf(context.db, context.env, remoteDivision);
  if (division === undefined) return [];
  let email: string | undefined;
  for (const candidate of await memberEmails(context.store, division)) {
    const user = await findUserByEmail(context.store, candidate);
    if (user !== undefined && getRecordSync(context.db, context.env, user.id)?.status === 'synced') {
      email = candidate;
      break;
    }
  }
  if (email === undefined) return [];
  const response = await context.session.retrying(() =>
    context.session.send('POST', `/divisions/${remoteDivision}/addUser/`, JSON.stringify({ email }), undefined),
  );
  return response.status === 200 ? ((response.body as { employer_ids?: string[] }).employer_ids ?? []) : [];
}
