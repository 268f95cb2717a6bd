import { EXTENSIONS, SYNC_LIMITS, type Capabilities } from '../../shared/sync-wire.js';
import type { ApiRequest, ApiResponse, Router } from '../api/types.js';
import { getAccountName } from '../store/accounts-store.js';
import type { Db } from '../store/database.js';
import { storageErrorOf } from '../store/sqlite-failures.js';
import { getUserRow } from '../store/users-store.js';
import { applyBatch, BATCH_PATH, withoutQuery } from './batch.js';
import type { KeyedRoute } from './group-commit.js';
import { withIdempotency } from './idempotency.js';
import { withPreconditions, withRecordVersions } from './preconditions.js';

const CAPABILITIES_PATH = '/capabilities/';

/**
 * The route `plandesk serve` answers writes and reads through: the router with Idempotency-Keys
 * and, unless the API is strict (only 2.2.1, as a remote without PlanDesk's extensions), records'
 * versions (ETag, If-Match: preconditions.ts, evaluated after a key's replay) and batches, whose
 * operations are held to the body limit of a single request.
 * The same wherever writes are made (SQLite's writer thread, or PostgreSQL's pool) and for reads.
 */
export function serviceRoute(db: Db, router: Router, { strict, bodyLimit }: { strict: boolean; bodyLimit: number }): KeyedRoute {
  if (strict) return withIdempotency(db, router);
  const keyed = withRecordVersions(withIdempotency(db, withPreconditions(db, router)));
  return (request, key, tx = db) =>
    isBatch(request.method, withoutQuery(request.path)) ? applyBatch(tx, keyed, request, key, bodyLimit) : keyed(request, key, tx);
}

/** `GET /capabilities/`, the one request answered without the database (its account name is left out while it does not answer). */
export function isCapabilities(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  return (upper === 'GET' || upper === 'HEAD') && withoutQuery(path) === CAPABILITIES_PATH;
}

export function isBatch(method: string, path: string): boolean {
  return method.toUpperCase() === 'POST' && path === BATCH_PATH;
}

/**
 * `GET /capabilities/` (docs/api.md): what this server offers beyond 2.2.1, its limits and the
 * caller's account name (left out while the database cannot be reached: the rest needs none of it);
 * undefined for any other request.
 */
export async function capabilitiesAnswer(db: Db, request: ApiRequest, bodyLimit: number): Promise<ApiResponse | undefined> {
  if (!isCapabilities(request.method, request.path)) return undefined;
  const account = request.actor ? await accountNameOf(db, request.actor.userId) : undefined;
  const body: Capabilities = {
    version: '2.2.1',
    extensions: [EXTENSIONS.changes, EXTENSIONS.batch, EXTENSIONS.olderEdition, EXTENSIONS.ifMatch, EXTENSIONS.compressedBodies],
    ...(account === undefined ? {} : { account }),
    limits: {
      changes_page: SYNC_LIMITS.changesPageMax,
      batch_operations: SYNC_LIMITS.batchOperations,
      batch_bytes: SYNC_LIMITS.batchBytes,
      body_bytes: bodyLimit,
    },
  };
  return { status: 200, body };
}

async function accountNameOf(db: Db, userId: string): Promise<string | undefined> {
  try {
    const user = await getUserRow(db, userId);
    return user ? await getAccountName(db, user.account_id) : undefined;
  } catch (error) {
    if (storageErrorOf(error)?.problem === 'unavailable') return undefined;
    throw error;
  }
}
