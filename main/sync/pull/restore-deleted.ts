import type { Benefit } from '../../../shared/plans/index.js';
import type { Change } from '../../../shared/sync-wire.js';
import { sqliteOf, type Db } from '../../store/database.js';
import type { Entity } from '../../store/entity.js';
import { localIdOf, unmapId } from '../../store/id-map-store.js';
import { latestSeq } from '../../store/outbox-store.js';
import { markSynced, type Queued } from '../../store/record-sync-store.js';
import type { Workspace } from '../../workspace/workspace.js';
import { keepConflictsElsewhere } from '../local-records.js';
import type { RemoteSession } from '../session.js';
import { applyPage, type PulledError } from './apply-page.js';
import { existsLocally, pullContext } from './pulled-records.js';

type ApiRecord = Record<string, unknown>;

/** The remote answered a read of the record's family with neither the record nor "not found". */
export class UnreadableRemote extends Error {}

/** A remote record: its entity, a plan's kind (null for the others), its id there. */
export interface RemoteRef {
  entity: Entity;
  kind: Benefit | null;
  id: string;
}

interface PlanRef {
  id: string;
  benefit: Benefit;
}

/**
 * The remote record as pulled changes, for bringing it back here: an employer comes with every
 * plan it has there (they were deleted here with it), oldest start first, so a renewal follows the
 * plan it renews.
 */
export async function remoteFamily(session: RemoteSession, remote: RemoteRef, record: ApiRecord): Promise<Change[]> {
  const { entity, kind, id } = remote;
  const own: Change = { entity, kind, id, op: 'upsert', record };
  if (entity !== 'employer') return [own];
  const refs = [record.plans, record.plans_expired].flatMap((list) => (Array.isArray(list) ? (list as PlanRef[]) : []));
  const plans = await Promise.all(
    refs.map(async (ref): Promise<Change[]> => {
      const response = await session.read(`/plans/${ref.benefit}/${ref.id}/`);
      // Deleted there since the employer was read: not part of it any more.
      if (response.status === 404) return [];
      if (response.status !== 200) throw new UnreadableRemote(`${session.env.name} answered ${response.status} to a read of its plan ${ref.id}`);
      return [{ entity: 'plan', kind: ref.benefit, id: ref.id, op: 'upsert', record: response.body as ApiRecord }];
    }),
  );
  const start = (change: Change) => String(change.record!.start_date);
  return [own, ...plans.flat().sort((a, b) => start(a).localeCompare(start(b)))];
}

/**
 * "Take remote" for a record deleted here that the remote changed: the local delete is not sent to
 * `env`, and the remote record is pulled anew, as a pull makes it, under the local id it had here
 * (an employer's plans under theirs): to every other environment it is then the record it was,
 * changed, where the delete is not pushed yet, and a new record where it is. Call it in the
 * decision's unit of work, with its handle `tx`; answers why the remote record cannot be made here, if it cannot.
 */
export async function restoreDeleted(workspace: Workspace, tx: Db, session: RemoteSession, deleted: Queued, family: readonly Change[]): Promise<PulledError[]> {
  const db = sqliteOf(tx);
  const env = session.env.name;
  markSynced(db, env, deleted, latestSeq(db, deleted.record_id) ?? 0);
  // Gone here: the record, and an employer's plans that went with it. A plan of the family still
  // here (moved there into the employer) stays linked and is updated as a pull updates it.
  const gone = new Map<string, Queued>();
  for (const [index, change] of family.entries()) {
    const localId = index === 0 ? deleted.record_id : localIdOf(db, env, change.id);
    if (localId === undefined || (await existsLocally(tx, change.entity, localId))) continue;
    gone.set(change.id, { entity: change.entity, record_id: localId });
    unmapId(db, env, localId);
  }
  const refused: PulledError[] = [];
  for (const change of family) {
    const former = gone.get(change.id);
    const pc = pullContext(workspace, tx, env, session);
    if (former !== undefined) pc.service = { ...pc.service, newId: () => former.record_id };
    await applyPage(pc, [change], null, (applied, error) => {
      if (error) refused.push(error);
      else if (applied === 'conflict') refused.push({ entity: change.entity, remote_id: change.id, error: 'it is in conflict again' });
    });
  }
  for (const record of gone.values()) keepConflictsElsewhere(db, env, record);
  return refused;
}
