import { ApiError } from '../service/api-error.js';
import { Caller } from '../service/caller.js';
import { writing } from '../service/context.js';
import { recordAt, removeRecord } from '../service/records.js';
import { sqliteOf, writeTransaction } from '../store/database.js';
import { sqliteWriteTransaction } from '../store/sqlite-store.js';
import { remoteIdOf, unmapId } from '../store/id-map-store.js';
import { findLocalRecord } from '../store/local-records-store.js';
import { lastQueuedPath, latestSeq } from '../store/outbox-store.js';
import { getRecordSync, markSynced, type Queued } from '../store/record-sync-store.js';
import type { Workspace } from '../workspace/workspace.js';
import { benefitOf } from './entities/plan.js';
import { entitySync } from './entities/index.js';
import type { Environment } from './environments.js';
import { isPermissionRefusal } from './interpret.js';
import { readLocalRecord, removeAsOnRemote, takeRemoteValues } from './local-records.js';
import { remoteFamily, restoreDeleted, UnreadableRemote } from './pull/restore-deleted.js';
import { Remote } from './remote.js';
import { RemoteSession } from './session.js';

/** A change that cannot be discarded; nothing was changed. */
export class DiscardError extends Error {}

/** How a refused change was undone here. */
export type Discarded = 'removed' | 'reverted' | 'restored';

/**
 * "Discard" for a change `env` refused for permission (403), which no retry can get through: it is
 * undone here, through the service, so that it is journaled like any change and nothing of it waits
 * for `env` any more. A record `env` never had (its create refused) is removed here; one `env` has
 * takes `env`'s values again (an update refused), or comes back as `env` has it (a delete refused),
 * as the take-remote decision does. Nothing is sent. Throws DiscardError, changing nothing, when
 * the record's latest change was not refused for permission there.
 */
export async function discardRefused(workspace: Workspace, env: Environment, recordId: string): Promise<Discarded> {
  const { db } = workspace;
  const state = getRecordSync(db, env.name, recordId);
  if (state?.status !== 'failed' || state.failed_seq !== latestSeq(db, recordId) || !isPermissionRefusal(env.name, state.last_error)) {
    throw new DiscardError(`${recordId} has no change that ${env.name} refused for permission`);
  }
  const record: Queued = { record_id: recordId, entity: state.entity };
  const here = findLocalRecord(db, recordId);
  const path = here?.path ?? lastQueuedPath(db, recordId);
  const remoteId = remoteIdOf(db, env.name, recordId);
  if (path === undefined) throw new DiscardError(`${recordId} has no change here to discard`);
  if (remoteId === undefined) {
    if (here === undefined) throw new DiscardError(`${recordId} is neither here nor on ${env.name}: there is nothing to discard`);
    // Never on env: it goes here too (a delete, queued for the environments that have it).
    await writing(workspace.context, async (context) => {
      await serviceWrite(async () => removeRecord(context, await Caller.resolve(context.db, workspace.actor), recordAt(path)));
      const db = sqliteOf(context.db);
      markSynced(db, env.name, record, latestSeq(db, recordId));
    });
    return 'removed';
  }
  const remote = new Remote(env, { connections: 2 });
  try {
    const session = new RemoteSession(env, remote, undefined, undefined);
    await session.probe();
    const collection = path.slice(0, path.length - recordId.length - 1);
    const response = await session.read(`${collection}${remoteId}/`);
    if (response.status !== 200 && response.status !== 404) throw new DiscardError(`${env.name} answered ${response.status} to a read of its copy`);
    const copy = response.status === 200 ? (response.body as Record<string, unknown>) : undefined;
    const context = { db, store: workspace.store, env: env.name, session };
    if (here !== undefined) {
      const local = await readLocalRecord(workspace, path);
      const body = copy && local ? await entitySync(state.entity).toLocal(context, copy, local) : undefined;
      await writeTransaction(workspace.store, (tx) =>
        serviceWrite(() =>
          body && copy
            ? takeRemoteValues(workspace, tx, env.name, here, { id: remoteId, record: copy }, body)
            : removeAsOnRemote(workspace, tx, env.name, { entity: state.entity, id: recordId, path }),
        ),
      );
      return copy ? 'reverted' : 'removed';
    }
    if (!copy) {
      // Deleted on both sides: the delete has nothing left to do there.
      sqliteWriteTransaction(db, () => {
        markSynced(db, env.name, record, latestSeq(db, recordId));
        unmapId(db, env.name, recordId);
      });
      return 'removed';
    }
    const kind = state.entity === 'plan' ? benefitOf(path) : null;
    const family = await remoteFamily(session, { entity: state.entity, kind, id: remoteId }, copy).catch((error: unknown) => {
      throw error instanceof UnreadableRemote ? new DiscardError(error.message) : error;
    });
    await writeTransaction(workspace.store, async (tx) => {
      const refused = await restoreDeleted(workspace, tx, session, record, family);
      if (refused.length > 0) throw new DiscardError(`${env.name}'s copy cannot be made here: ${refused.map((error) => error.error).join('; ')}`);
    });
    return 'restored';
  } finally {
    await remote.close();
  }
}

/** A refusal of the service here (the person may not make this change either) as a DiscardError in its words. */
async function serviceWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError) throw new DiscardError(`it cannot be undone here: ${JSON.stringify(error.body)}`);
    throw error;
  }
}
