import { SYNC_LIMITS, type BatchResult } from '../../shared/sync-wire.js';
import { messages } from '../../shared/validation/messages.js';
import type { Actor, ApiRequest, ApiResponse } from '../api/types.js';
import { nestsTooDeep } from '../../shared/validation/nesting.js';
import { writeTransaction, type Db } from '../store/database.js';
import { storageFailureResponse } from './wire.js';
import type { KeyedRoute } from './group-commit.js';
import { idempotencyMessages, isIdempotencyKey } from './idempotency.js';

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

export const batchMessages = {
  keyOnBatch: 'A batch takes no Idempotency-Key of its own: give each operation its "idempotency_key".',
  notAnOperation: 'An operation is an object {"method", "path", "body", "idempotency_key"}.',
  method: '"method" must be "POST", "PUT" or "DELETE": a batch carries writes.',
  path: '"path" must be a path of the API, e.g. "/employers/".',
  key: idempotencyMessages.key('"idempotency_key"'),
  ifMatch: '"if_match" must be a string: what a single request\'s If-Match header would say, e.g. "\\"<version>\\"".',
  nested: 'A batch cannot hold a batch.',
  serverError: 'A server error occurred.',
};

/**
 * `POST /batch/` (docs/api.md, "Batches"): each operation exactly as a single request of the same
 * user would be answered (the same route, its own Idempotency-Key), in order, in one unit of `db`
 * (a savepoint of the group commit that carries the batch), each in a savepoint of its own: an
 * operation that fails changes nothing and leaves the others alone, and every result waits for the one commit.
 */
export async function applyBatch(db: Db, keyed: KeyedRoute, request: ApiRequest, key: string | undefined, bodyLimit: number): Promise<ApiResponse> {
  if (key !== undefined) return { status: 400, body: { detail: batchMessages.keyOnBatch } };
  const { body } = request;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 400, body: { detail: messages.jsonParse('Expected a JSON object.') } };
  const operations = (body as { operations?: unknown }).operations;
  if (operations === undefined) return { status: 400, body: { operations: [messages.required] } };
  if (operations === null) return { status: 400, body: { operations: [messages.notNull] } };
  if (!Array.isArray(operations)) return { status: 400, body: { operations: [messages.notAList(operations)] } };
  if (operations.length > SYNC_LIMITS.batchOperations) return { status: 400, body: { operations: [messages.maxItems(SYNC_LIMITS.batchOperations)] } };
  const results = await writeTransaction(db, async (db) => {
    const results: BatchResult[] = [];
    // After a storage failure (a statement past its timeout, the database gone) the operations left
    // would meet it too, each after its own wait: they are answered with it, unrun.
    let stopped: BatchResult | undefined;
    for (const operation of operations as unknown[]) {
      if (stopped) {
        results.push(stopped);
        continue;
      }
      const { result, storageFailed } = await applyOperation(db, keyed, operation, request.actor, bodyLimit);
      results.push(result);
      if (storageFailed) stopped = result;
    }
    return results;
  });
  return { status: 200, body: { results } };
}

async function applyOperation(
  db: Db,
  keyed: KeyedRoute,
  operation: unknown,
  actor: Actor | null,
  bodyLimit: number,
): Promise<{ result: BatchResult; storageFailed: boolean }> {
  const checked = checkOperation(operation);
  if ('detail' in checked) return { result: { status: 400, body: { detail: checked.detail } }, storageFailed: false };
  // As the request alone would be answered: its body measured as JSON (about 2 us for a plan). One
  // nested too deep to serialise goes on to the router, which refuses it as it would alone (400).
  if (checked.body !== undefined && !nestsTooDeep(checked.body) && Buffer.byteLength(JSON.stringify(checked.body)) > bodyLimit) {
    return { result: { status: 413, body: { detail: messages.tooLarge } }, storageFailed: false };
  }
  const { method, path, body, key, ifMatch } = checked;
  let response: ApiResponse;
  let storageFailed = false;
  try {
    // A savepoint inside the group commit's transaction: a throw rolls back this operation only.
    response = await writeTransaction(db, (db) => keyed({ method, path, body, actor, ...(ifMatch !== undefined ? { ifMatch } : {}) }, key, db));
  } catch (error) {
    const storage = storageFailureResponse(error);
    storageFailed = storage !== undefined;
    response = storage ?? { status: 500, body: { detail: batchMessages.serverError } };
  }
  const result: BatchResult = { status: response.status, body: response.status === 204 ? null : response.body };
  if (response.headers) result.headers = response.headers;
  return { result, storageFailed };
}

type CheckedOperation = { method: string; path: string; body: unknown; key: string | undefined; ifMatch: string | undefined } | { detail: string };

function checkOperation(operation: unknown): CheckedOperation {
  if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) return { detail: batchMessages.notAnOperation };
  const { method, path, body, idempotency_key: key, if_match: ifMatch } = operation as Record<string, unknown>;
  if (typeof method !== 'string' || !WRITES.has(method)) return { detail: batchMessages.method };
  if (typeof path !== 'string' || !path.startsWith('/')) return { detail: batchMessages.path };
  if (withoutQuery(path) === BATCH_PATH) return { detail: batchMessages.nested };
  if (key !== undefined && !isIdempotencyKey(key)) return { detail: batchMessages.key };
  if (ifMatch !== undefined && typeof ifMatch !== 'string') return { detail: batchMessages.ifMatch };
  return { method, path, body, key, ifMatch };
}

export const BATCH_PATH = '/batch/';

export function withoutQuery(target: string): string {
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}
