import type { Db } from '../store/database.js';

/** The one request shape every entry point (IPC, HTTP, CLI) hands to the router. */
export interface ApiRequest {
  method: string;
  /** Path relative to the base URL, with its trailing slash, e.g. `/plans/medical/`, and any query string (`/employers/summaries/?limit=50`). */
  path: string;
  /** The parsed JSON body, or undefined when the request had none. */
  body: unknown;
  /** The authenticated user, or null when the request carried no credentials. */
  actor: Actor | null;
  /**
   * The request's `If-Match` as sent (a batch operation's `if_match`): a PUT or DELETE of a record
   * is made only while the record's version matches (main/http/preconditions.ts). Only `plandesk
   * serve` without --strict-api passes it on; the router itself never reads it.
   */
  ifMatch?: string;
}

export interface ApiResponse {
  status: number;
  /** JSON-serialisable; null only for 204. */
  body: unknown;
  headers?: Record<string, string>;
}

export interface Actor {
  userId: string;
}

/**
 * The router: a request's answer, promised. `db`: the transaction handle to answer in (a group
 * commit's savepoint, a batch's transaction), else the context's own connection.
 */
export type Router = (request: ApiRequest, db?: Db) => Promise<ApiResponse>;
