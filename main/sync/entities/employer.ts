import { EMPLOYER_FIELDS } from '../../../shared/resources/employer.js';
import { memberEmails } from '../../store/divisions-store.js';
import { findUserByEmail } from '../../store/users-store.js';
import { compareFound, mapFilter, mapped } from '../records.js';
import { foldName } from '../session.js';
import { getRecordSync, localIdOf, unmapPlansDeletedWithEmployers } from '../state.js';
import type { EntitySync, Found, SyncContext } from './entity-sync.js';

const COMPARED = [...EMPLOYER_FIELDS, 'division', 'other_filters'];

/**
 * Employers: identified on the remote by name (case folded). 2.2.1 can create and update them but
 * not list them; there an employer is found through its division's employer list.
 */
export const employerSync: EntitySync = {
  entity: 'employer',

  describe(context, local) {
    const payload: Record<string, unknown> = {};
    for (const field of EMPLOYER_FIELDS) payload[field] = local[field];
    payload.division = mapped(context, local.division as string, 'division');
    payload.other_filters = (local.other_filters as string[]).map((id) => mapFilter(context, id));
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
      if (record.status === 200 && foldName(String(body.name)) === name) return compareFound(context, 'employer', employerSync.comparedFields(payload), payload, id, body);
    }
    return { kind: 'absent' };
  },

  afterDelete: (context) => unmapPlansDeletedWithEmployers(context.db, context.env),
};

/**
 * The employers of a remote division, for remotes that cannot list employers: 2.2.1's addUser
 * answers with the division, `employer_ids` included. The member added is one we pushed into
 * that division, so the call changes nothing there. Empty when we know no such member.
 */
async function employersOfDivision(context: SyncContext, remoteDivision: string): Promise<string[]> {
  const division = localIdOf(context.db, context.env, remoteDivision);
  if (division === undefined) return [];
  const email = memberEmails(context.db, division).find((candidate) => {
    const user = findUserByEmail(context.db, candidate);
    return user !== undefined && getRecordSync(context.db, context.env, user.id)?.status === 'synced';
  });
  if (email === undefined) return [];
  const response = await context.session.retrying(() => context.session.send('POST', `/divisions/${remoteDivision}/addUser/`, { email }, undefined));
  return response.status === 200 ? ((response.body as { employer_ids?: string[] }).employer_ids ?? []) : [];
}
