import { Pool } from 'undici';
import { employerBody } from './bench-workspace.js';
import type { ServeProcess } from './setup.js';

/** Requests in flight of the plain clients (and of the bench's own reads and writes). */
export const PLAIN_CONCURRENCY = 16;

export type PlainClient = ReturnType<typeof plainClient>;

/** A keep-alive undici client of one server, answering parsed JSON and failing on any status but 200. */
export function plainClient(server: ServeProcess) {
  const pool = new Pool(server.url, { connections: PLAIN_CONCURRENCY, pipelining: 1 });
  const headers = { authorization: `Token ${server.token}`, 'content-type': 'application/json' };
  return {
    async request(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Record<string, unknown>> {
      const response = await pool.request({ method, path, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${method} ${path} answered ${response.statusCode}: ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    },
    close: () => pool.close(),
  };
}

/** `work` over every item with `workers` concurrent workers. */
async function eachConcurrently<T>(items: readonly T[], workers: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** `count` employers created on a server through its plain client (untimed); their ids, in order. */
export async function createEmployers(client: PlainClient, server: ServeProcess, count: number): Promise<string[]> {
  const ids = new Array<string>(count);
  await eachConcurrently(
    Array.from({ length: count }, (_, index) => index),
    PLAIN_CONCURRENCY,
    async (index) => {
      ids[index] = (await client.request('POST', '/employers/', employerBody(server.division, index))).id as string;
    },
  );
  return ids;
}

/**
 * Plans on the server under the employers named (by their ids there: a remote of the 2.2.1
 * operations alone cannot list its employers): the sum of plans and plans_expired over them.
 */
export async function countRemotePlans(client: PlainClient, employerIds: readonly string[]): Promise<number> {
  let plans = 0;
  await eachConcurrently(employerIds, PLAIN_CONCURRENCY, async (id) => {
    const employer = (await client.request('GET', `/employers/${id}/`)) as { plans: unknown[]; plans_expired: unknown[] };
    plans += employer.plans.length + employer.plans_expired.length;
  });
  return plans;
}
