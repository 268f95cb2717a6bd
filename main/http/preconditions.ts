import { fullApi, type Operation } from '../../shared/routes.js';
import type { ApiResponse, Router } from '../api/types.js';
import { recordVersion } from '../service/record-version.js';
import { writeTransaction, type Db } from '../store/database.js';
import type { Entity } from '../store/entity.js';
import { lockRecordRow } from '../store/record-lock.js';
import { withoutQuery } from './batch.js';
import type { KeyedRoute } from './group-commit.js';

// Writes that must not overwrite what their sender has not seen (docs/api.md, "Versions and
// If-Match"): every answer that is one record carries its version as `ETag`, and a PUT or DELETE
// of a record carrying `If-Match` is made only while the record still has one of those versions.

/** The writes a precondition holds, with the record each writes and the path parameter naming it. */
const RECORD_WRITES: Partial<Record<Operation, { entity: Entity; id: string }>> = {
  'employers.replace': { entity: 'employer', id: 'employerID' },
  'employers.delete': { entity: 'employer', id: 'employerID' },
  'plans.replace': { entity: 'plan', id: 'planID' },
  'plans.delete': { entity: 'plan', id: 'planID' },
  'users.replace': { entity: 'user', id: 'userID' },
  'users.delete': { entity: 'user', id: 'userID' },
  'divisions.replace': { entity: 'division', id: 'divisionID' },
  'divisions.delete': { entity: 'division', id: 'divisionID' },
};

/** Operations whose answer (200, or a write's 412) is one record, as its GET answers it. */
const ANSWERS_A_RECORD = new Set<Operation>([
  ...(Object.keys(RECORD_WRITES) as Operation[]),
  'employers.create',
  'employers.read',
  'plans.create',
  'plans.read',
  'users.create',
  'users.read',
  'users.byEmail',
  'divisions.create',
  'divisions.read',
  'divisions.addUser',
  'divisions.removeUser',
]);

/** Whether the operation's answer is one record, which carries its version as ETag. */
export const answersARecord = (operation: Operation): boolean => ANSWERS_A_RECORD.has(operation);

/** The record a write held to its version by If-Match writes; undefined for any other operation. */
export const versionedWrite = (operation: Operation): Entity | undefined => RECORD_WRITES[operation]?.entity;

export const preconditionMessages = {
  weak: 'If-Match takes strong versions only: send the ETag a GET of the record answered, without "W/".',
  malformed: 'If-Match must be "*" or one or more versions in double quotes, separated by commas: the ETag a GET of the record answered.',
};

type Condition = { any: true } | { versions: string[] } | { error: string };

/**
 * `If-Match` as RFC 9110 reads it: `*` (any version of a record that exists) or a list of entity
 * tags, of which If-Match compares strong ones only. A weak tag or anything else is refused.
 */
function parseIfMatch(value: string): Condition {
  const text = value.trim();
  if (text === '*') return { any: true };
  const versions: string[] = [];
  let at = 0;
  for (;;) {
    while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === ',')) at += 1;
    if (at >= text.length) break;
    if (text.startsWith('W/', at)) return { error: preconditionMessages.weak };
    if (text[at] !== '"') return { error: preconditionMessages.malformed };
    const end = text.indexOf('"', at + 1);
    if (end === -1) return { error: preconditionMessages.malformed };
    const tag = text.slice(at + 1, end);
    if (!ENTITY_TAG_TEXT.test(tag)) return { error: preconditionMessages.malformed };
    versions.push(tag);
    at = end + 1;
    if (at < text.length && text[at] !== ',' && text[at] !== ' ' && text[at] !== '\t') return { error: preconditionMessages.malformed };
  }
  return versions.length === 0 ? { error: preconditionMessages.malformed } : { versions };
}

/** etagc: visible ASCII but the double quote, and obs-text. */
const ENTITY_TAG_TEXT = /^[\x21\x23-\x7e\x80-\xff]*$/;

/**
 * Holds a PUT or DELETE of a record that carries `ifMatch` to the record's version, in the write's
 * own transaction: the record's row locked, it is read as its GET answers the caller (so a record
 * the caller cannot read answers what the write alone would, 404), and the write is made only when
 * the version matches; else 412 with the record as it is now, and nothing is written. Inside the
 * Idempotency-Key's replay: a request sent again answers what it answered, never 412.
 */
export function withPreconditions(db: Db, router: Router): Router {
  return async (request, tx = db) => {
    const { ifMatch } = request;
    const method = request.method.toUpperCase();
    if (ifMatch === undefined || (method !== 'PUT' && method !== 'DELETE')) return router(request, tx);
    const match = fullApi.match(method, withoutQuery(request.path));
    const write = match.kind === 'found' ? RECORD_WRITES[match.route.operation] : undefined;
    if (match.kind !== 'found' || write === undefined) return router(request, tx);
    return writeTransaction(tx, async (tx): Promise<ApiResponse> => {
      await lockRecordRow(tx, write.entity, match.params[write.id]!);
      const current = await router({ method: 'GET', path: request.path, body: undefined, actor: request.actor }, tx);
      if (current.status !== 200) return router(request, tx);
      const condition = parseIfMatch(ifMatch);
      if ('error' in condition) return { status: 400, body: { detail: condition.error } };
      if ('any' in condition || condition.versions.includes(recordVersion(current.body as Record<string, unknown>))) return router(request, tx);
      return { status: 412, body: current.body };
    });
  };
}

/** Answers that are one record carry its version as `ETag` (a replayed one too: its body is the record as that write left it). */
export function withRecordVersions(route: KeyedRoute): KeyedRoute {
  return async (request, key, db) => {
    const response = await route(request, key, db);
    if ((response.status !== 200 && response.status !== 412) || !isRecord(response.body)) return response;
    const method = request.method.toUpperCase();
    const match = fullApi.match(method === 'HEAD' ? 'GET' : method, withoutQuery(request.path));
    if (match.kind !== 'found' || !ANSWERS_A_RECORD.has(match.route.operation)) return response;
    return { ...response, headers: { ...response.headers, ETag: `"${recordVersion(response.body)}"` } };
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string';
