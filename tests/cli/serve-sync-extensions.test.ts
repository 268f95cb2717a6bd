// `plandesk serve` run for real: its writes go through the writer thread, so a batch is applied
// there, in the group commit, exactly as in-process; `--strict-api` turns every extension off.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResponseSchema, capabilitiesSchema, changesPageSchema } from '../../shared/sync-wire.js';
import { runPlandesk } from '../support/cli-run.js';
import { validEmployerBody } from '../support/fixtures.js';
import { serveDatabase, type TestDatabase } from '../support/postgres.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';

let dir: string;
let database: TestDatabase;
let boot: { token: string; division: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-serve-sync-'));
  database = await serveDatabase(dir, 'serve_sync');
  const made = await runPlandesk(
    ['admin', 'bootstrap', '--db', database.url, '--account', 'Acme', '--email', 'admin@acme.example.com', '--division', 'West'],
    '',
    {
      env: { HOME: dir },
    },
  );
  boot = JSON.parse(made.stdout) as typeof boot;
});
afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function call(serve: ServeChild, method: string, path: string, body?: unknown) {
  const response = await request(`${serve.url}${path}`, {
    method: method as 'GET',
    headers: { authorization: `Token ${boot.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text === '' ? null : (JSON.parse(text) as any) };
}

const employer = (name: string, overrides: Record<string, unknown> = {}) =>
  validEmployerBody(boot.division, { name, url: `https://${name.toLowerCase().replace(/ /g, '-')}.example.com`, other_filters: [], ...overrides });

describe('plandesk serve', () => {
  it('applies a batch on its writer thread: the invalid operation alone fails, and sent again nothing is created twice', async () => {
    const serve = await startServeChild(database.url);
    try {
      const operations = [
        { method: 'POST', path: '/employers/', body: employer('Batch One'), idempotency_key: 'cli-1' },
        { method: 'POST', path: '/employers/', body: employer('Batch Bad', { size: '0' }), idempotency_key: 'cli-2' },
        { method: 'POST', path: '/employers/', body: employer('Batch Two'), idempotency_key: 'cli-3' },
      ];
      const first = await call(serve, 'POST', '/batch/', { operations });
      expect(first.status).toBe(200);
      const results = batchResponseSchema.parse(first.body).results;
      expect(results.map((result) => result.status)).toEqual([200, 400, 200]);
      expect(results[1]!.body).toHaveProperty('size');
      const again = batchResponseSchema.parse((await call(serve, 'POST', '/batch/', { operations })).body).results;
      // Each answered as before, with the version (ETag) of the record it answers, and marked replayed.
      expect(again.map(({ status, body }) => ({ status, body }))).toEqual(results.map(({ status, body }) => ({ status, body })));
      expect(again.map((result) => result.headers?.ETag)).toEqual(results.map((result) => result.headers?.ETag));
      expect((await call(serve, 'GET', '/employers/list/')).body.map((row: { name: string }) => row.name).sort()).toEqual(['Batch One', 'Batch Two']);

      const capabilities = capabilitiesSchema.parse((await call(serve, 'GET', '/capabilities/')).body);
      expect(capabilities.extensions).toEqual(expect.arrayContaining(['changes', 'batch']));
      const page = changesPageSchema.parse((await call(serve, 'GET', '/changes/')).body);
      expect(page.complete).toBe(true);
      expect(
        page.changes
          .filter((change) => change.entity === 'employer')
          .map((change) => (change.record as { name: string }).name)
          .sort(),
      ).toEqual(['Batch One', 'Batch Two']);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('with --strict-api serves the 2.2.1 operations only: the extensions and the older edition answer 404 or 405', async () => {
    const serve = await startServeChild(database.url, ['--strict-api']);
    try {
      for (const [method, path] of [
        ['GET', '/capabilities/'],
        ['GET', '/changes/'],
        ['POST', '/batch/'],
        ['GET', '/employers/list/'],
        ['GET', '/filters/list/'],
      ] as const) {
        expect((await call(serve, method, path, method === 'POST' ? { operations: [] } : undefined)).status, `${method} ${path}`).toBe(404);
      }
      const created = await call(serve, 'POST', '/employers/', employer('Strict One'));
      expect(created.status).toBe(200);
      const removed = await call(serve, 'DELETE', `/employers/${created.body.id}/`);
      expect(removed.status).toBe(405);
      expect(removed.headers.allow).toBe('GET, PUT');
      expect((await call(serve, 'GET', `/employers/${created.body.id}/`)).status).toBe(200);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('says so in its help', async () => {
    const help = await runPlandesk(['serve', '--help']);
    expect(help.stdout).toContain('--strict-api');
  });
});
