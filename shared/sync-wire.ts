// The wire shapes of PlanDesk's sync extensions to the API (docs/api.md, "PlanDesk's sync
// extensions"): the changes feed, batches of writes and the capabilities that announce them. The
// server answers these shapes; a client parses a remote's answers with these schemas.
import { z } from 'zod';
import { BENEFITS } from './plans/benefits.js';

/** The entities the feed reports, in the order a listing names them (a plan's employer and division come first). */
export const CHANGE_ENTITIES = ['division', 'user', 'employer', 'plan'] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/** What a PlanDesk remote announces in `GET /capabilities/`; a remote without them answers 404 there. */
export const EXTENSIONS = {
  /** GET /changes/: what changed since a cursor, or everything, in pages of full records. */
  changes: 'changes',
  /** POST /batch/: many writes in one request, each with its own result and Idempotency-Key. */
  batch: 'batch',
  /** The older public edition's operations beyond 2.2.1 (GET/PUT/DELETE of plans, users, divisions, lists). */
  olderEdition: 'older-edition',
  /** A record's version as its answers' ETag; a PUT or DELETE with If-Match (a batch operation's `if_match`) is made only over that version, else 412. */
  ifMatch: 'if-match',
  /** Request bodies may come compressed (Content-Encoding: gzip or br), held to the limits once decompressed. */
  compressedBodies: 'compressed-bodies',
} as const;

export const SYNC_LIMITS = {
  /** Records a page of the feed holds when `limit` is not given, and the most it may ask. */
  changesPageDefault: 500,
  changesPageMax: 1000,
  /** Operations in one batch, and the bytes of its body. */
  batchOperations: 500,
  batchBytes: 8 * 1024 * 1024,
  /** The bytes of any other request's body, and of each operation's in a batch. */
  bodyBytes: 1024 * 1024,
} as const;

/**
 * A record as its GET answers it: any JSON object, taken as parsed. z.record would copy each one
 * key by key, which gives V8 a slow dictionary object per record (a plan has some 70 fields) and
 * doubles what a page of the changes feed allocates.
 */
const record = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'Expected a JSON object');

const changeSchema = z.object({
  entity: z.enum(CHANGE_ENTITIES),
  /** A plan's kind (its path segment); null for the other entities. */
  kind: z.enum(BENEFITS).nullable(),
  id: z.string(),
  /** upsert: `record` is the record as its GET answers now. remove: deleted, or out of the caller's sight; `record` is null. */
  op: z.enum(['upsert', 'remove']),
  record: record.nullable(),
  /** An upsert's version: what its GET answers as ETag (without the quotes), and what If-Match holds a write of it to. */
  version: z.string().optional(),
});
export type Change = z.infer<typeof changeSchema>;

/** Why a page belongs to a listing of everything rather than to changes since a cursor. */
export const SNAPSHOT_REASONS = ['requested', 'scope', 'cursor'] as const;

export const changesPageSchema = z.object({
  /** A fingerprint of what the caller can see (account, user, role, divisions held). */
  scope: z.string(),
  /** Set on every page of a listing of every record the caller sees; null on pages of changes. */
  snapshot: z
    .object({
      /** The same on every page of one listing. */
      id: z.string(),
      reason: z.enum(SNAPSHOT_REASONS),
      /** On the listing's last page: what the caller holds from this remote and no page of the listing named is gone. */
      done: z.boolean(),
    })
    .nullable(),
  changes: z.array(changeSchema),
  /** The cursor to send as `since` next: at once while `complete` is false, on the next pull once it is true. */
  next: z.string(),
  complete: z.boolean(),
});
export type ChangesPage = z.infer<typeof changesPageSchema>;

/** One operation of a batch, as a client sends it: `POST /batch/` with `{"operations": BatchOperation[]}`. */
export interface BatchOperation {
  method: 'POST' | 'PUT' | 'DELETE';
  /** A path of the API, e.g. `/plans/medical/`. */
  path: string;
  body?: unknown;
  /** As a single request's Idempotency-Key, and sharing its store. */
  idempotency_key?: string;
  /** As a single request's If-Match header, e.g. `"\"<version>\""`: the operation is made only over that version of the record, else 412. */
  if_match?: string;
}

/** What a single request of the operation would have answered: its status, body (null for 204) and headers, if any. */
const batchResultSchema = z.object({
  status: z.number().int(),
  body: z.unknown(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

export const batchResponseSchema = z.object({ results: z.array(batchResultSchema) });

export const capabilitiesSchema = z.object({
  /** The interface version of the operations the remote serves. */
  version: z.string(),
  /** Names from EXTENSIONS; a client ignores names it does not know. */
  extensions: z.array(z.string()),
  /** The name of the caller's account (the agency): a first run from this server takes it instead of asking. */
  account: z.string().optional(),
  limits: z.object({
    changes_page: z.number().int(),
    batch_operations: z.number().int(),
    batch_bytes: z.number().int(),
    body_bytes: z.number().int(),
  }),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;
