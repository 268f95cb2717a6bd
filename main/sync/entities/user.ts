import { compareFound, mapped } from '../records.js';
import { userDivisionIds } from '../../store/users-store.js';
import { localReference, putWhereOffered, withRemoteValues, type EntitySync, type Found } from './entity-sync.js';

const COMPARED = ['email', 'first_name', 'last_name', 'division_ids'];

/** Users: identified on the remote by e-mail, which only a remote with the extra operations can look up. */
export const userSync: EntitySync = {
  entity: 'user',
  versioned: true,

  async describe(context, local) {
    return {
      collection: '/users/',
      payload: {
        email: local.email,
        first_name: local.first_name,
        last_name: local.last_name,
        division_ids: (local.division_ids as string[]).map((id) => mapped(context, id, 'division')),
      },
      dependencies: local.division_ids as string[],
    };
  },

  comparedFields: () => COMPARED,

  dependsOn: (db, id) => userDivisionIds(db, id),

  async toLocal(context, remote, local) {
    const body = withRemoteValues({ email: local.email, first_name: local.first_name, last_name: local.last_name, division_ids: local.division_ids }, remote, [
      'email',
      'first_name',
      'last_name',
    ]);
    const divisions = (remote.division_ids as string[] | undefined)?.map((id) => localReference(context, id, undefined));
    if (divisions?.every((id) => typeof id === 'string')) body.division_ids = divisions;
    return body;
  },

  update: (context, _item, description) => putWhereOffered(context, 'user', description.payload),

  async reconcile(context, flight): Promise<Found> {
    if (!context.session.capabilities.extras) return { kind: 'absent' };
    const payload = (flight.payload ?? {}) as Record<string, unknown>;
    const response = await context.session.read(`/users/byEmail/${encodeURIComponent(String(payload.email))}/`);
    if (response.status !== 200) return { kind: 'absent' };
    const remote = response.body as Record<string, unknown>;
    return compareFound(context, 'user', COMPARED, payload, remote.id as string, remote);
  },
};
