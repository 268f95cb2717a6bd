// Reading PlanDesk's changes feed as a client would: page after page until it says it is complete,
// each page checked against the wire schema the client parses with.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { changesPageSchema, type Change, type ChangesPage } from '../../shared/sync-wire.js';
import { isPostgres, sql } from '../../main/store/database.js';
import type { ApiHarness } from './api-server.js';

export interface Pull {
  pages: ChangesPage[];
  /** Every page's changes, in order. */
  changes: Change[];
  /** The last page's `next`: the cursor a client keeps for its next pull. */
  next: string;
}

/**
 * On PostgreSQL, waits until every transaction that began before now has ended. The feed's watermark
 * is the oldest transaction still running on the whole server, so another test file's write, on
 * its own database, can hold back for a moment what this file has just written: the feed delays a
 * change then, never skips one. The tests read what they wrote once nothing older is still running.
 */
async function untilOlderTransactionsEnd(h: ApiHarness): Promise<void> {
  if (!isPostgres(h.db)) return;
  const now = (await sql(h.db, 'SELECT pg_current_xact_id()::text::bigint').pluck().get()) as number;
  const deadline = Date.now() + 10_000;
  while (((await sql(h.db, 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint').pluck().get()) as number) <= now) {
    expect(Date.now(), 'transactions older than the read have ended within 10 s').toBeLessThan(deadline);
    await sleep(5);
  }
}

/** One page: `GET /changes/` with `since` and `limit` when given; a 200 in the documented shape. */
export async function changesPage(h: ApiHarness, token: string, since?: string, limit?: number): Promise<ChangesPage> {
  await untilOlderTransactionsEnd(h);
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const response = await h.request('GET', `/changes/${query.size > 0 ? `?${query}` : ''}`, undefined, token);
  expect(response.status, response.text).toBe(200);
  return changesPageSchema.parse(response.body);
}

/** Pages from `since` until one says it is complete. */
export async function pull(h: ApiHarness, token: string, since?: string, limit?: number): Promise<Pull> {
  const pages: ChangesPage[] = [];
  let cursor = since;
  for (;;) {
    const page = await changesPage(h, token, cursor, limit);
    pages.push(page);
    cursor = page.next;
    if (page.complete) break;
    expect(pages.length, 'the feed ends').toBeLessThan(1000);
  }
  return { pages, changes: pages.flatMap((page) => page.changes), next: cursor };
}

export const keyOf = (change: { entity: string; id: string }) => `${change.entity}/${change.id}`;

/** What a client holds after applying `changes` in order to `held`: upserts replace, removes delete. */
export function applyChanges(held: Map<string, unknown>, changes: readonly Change[]): Map<string, unknown> {
  const after = new Map(held);
  for (const change of changes) {
    if (change.op === 'upsert') after.set(keyOf(change), change.record);
    else after.delete(keyOf(change));
  }
  return after;
}

/**
 * Every record `token` can read, as its own GET answers it, read through the ordinary operations:
 * the divisions it holds, the users it may read (all of the account's for an admin, else itself),
 * the employers of those divisions and all their plans.
 */
export async function readableRecords(h: ApiHarness, token: string, self: string): Promise<Map<string, unknown>> {
  const records = new Map<string, unknown>();
  const get = async (path: string): Promise<any> => {
    const response = await h.request('GET', path, undefined, token);
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return response.body;
  };
  for (const { id } of (await get('/divisions/list/')) as { id: string }[]) records.set(`division/${id}`, await get(`/divisions/${id}/`));
  const users = await h.request('GET', '/users/list/', undefined, token);
  const userIds = users.status === 200 ? (users.body as { id: string }[]).map((user) => user.id) : [self];
  for (const id of userIds) records.set(`user/${id}`, await get(`/users/${id}/`));
  for (const { id } of (await get('/employers/list/')) as { id: string }[]) {
    const employer = await get(`/employers/${id}/`);
    records.set(`employer/${id}`, employer);
    for (const plan of [...employer.plans, ...employer.plans_expired] as { benefit: string; id: string }[]) {
      records.set(`plan/${plan.id}`, await get(`/plans/${plan.benefit}/${plan.id}/`));
    }
  }
  return records;
}
