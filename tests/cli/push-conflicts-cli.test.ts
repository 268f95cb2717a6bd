// `plandesk sync` against `plandesk serve` when someone changed the record on the server since this
// workspace last pushed it: nothing is overwritten, the push says so (exit 1, counted as failed in
// --json), `plandesk conflicts` shows both sides, and `plandesk resolve --keep-local` then overwrites
// on purpose. `local call --batch` refuses an "if_match" it cannot honour.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { serveDatabase, type TestDatabase } from '../support/postgres.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';

let dir: string;
let token: string;
let serve: ServeChild;
let database: TestDatabase;
let employer: string;
let remoteEmployer: string;

const run = (args: string[], input = '') => runPlandesk(args, input, { env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, 'laptop') } });
const json = async (args: string[], input = '') => {
  const result = await run(args, input);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout);
};
const onServer = (path: string, init: RequestInit = {}) =>
  fetch(`${serve.url}${path}`, { ...init, headers: { authorization: `Token ${token}`, 'content-type': 'application/json' } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-push-conflicts-'));
  database = await serveDatabase(dir, 'agency');
  const booted = await runPlandesk([
    'admin',
    'bootstrap',
    '--db',
    database.url,
    '--account',
    'Harbor',
    '--email',
    'admin@harbor.example',
    '--division',
    'East',
  ]);
  token = JSON.parse(booted.stdout).token as string;
  serve = await startServeChild(database.url);
  await json(['local', 'init', '--account', 'Laptop', '--email', 'ann@harbor.example', '--division', 'East', '--json']);
  const [east] = (await json(['local', 'call', 'GET', '/divisions/list/'])).body as { id: string }[];
  const body = {
    name: 'Summit Bakery',
    url: 'https://summit.example.com',
    size: '50',
    naics_codes: [],
    location_states: ['OR'],
    other_filters: [],
    division: east!.id,
  };
  employer = ((await json(['local', 'call', 'POST', '/employers/', '--body', JSON.stringify(body)])).body as { id: string }).id;
  expect((await run(['env', 'set', 'production', '--url', serve.url, '--token-stdin'], token)).code).toBe(0);
  expect(await json(['sync', '--env', 'production', '--json'])).toMatchObject({ pushed: 1, failed: 0 });
  const inspected = (await json(['inspect', employer, '--json'])) as { sync: { remote_id: string }[] };
  remoteEmployer = inspected.sync[0]!.remote_id;
}, 60_000);

afterAll(async () => {
  await serve?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a push over a change made on the server', () => {
  it('overwrites nothing: exit 1, the conflict counted and listed; keep-local then overwrites on purpose', async () => {
    const there = (await (await onServer(`/employers/${remoteEmployer}/`)).json()) as Record<string, unknown>;
    expect((await onServer(`/employers/${remoteEmployer}/`, { method: 'PUT', body: JSON.stringify({ ...there, size: '60' }) })).status).toBe(200);
    const here = (await json(['local', 'call', 'GET', `/employers/${employer}/`])).body as Record<string, unknown>;
    expect((await json(['local', 'call', 'PUT', `/employers/${employer}/`, '--body', JSON.stringify({ ...here, size: '55' })])).status).toBe(200);

    const pushed = await run(['sync', '--env', 'production']);
    expect(pushed.code).toBe(1);
    expect(pushed.stdout).toBe(
      'production: pushed 0, failed 1, pending 0\n' +
        `  /employers/${employer}/: changed on production since this computer last pushed or pulled it; nothing was overwritten there\n` +
        '  1 conflict waits for a decision: plandesk conflicts --env production shows it\n',
    );
    expect(((await (await onServer(`/employers/${remoteEmployer}/`)).json()) as { size: string }).size).toBe('60');

    const again = await run(['sync', '--env', 'production', '--json']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toEqual({
      pushed: 0,
      failed: 1,
      pending: 0,
      errors: [{ record: employer, path: `/employers/${employer}/`, error: expect.stringMatching(/^changed on production since this computer last pushed/) }],
    });

    const listed = await run(['conflicts', '--env', 'production']);
    expect(listed.stdout.split('\n').slice(0, 3)).toEqual([
      `employer 'Summit Bakery' (${employer}), remote ${remoteEmployer}`,
      '  changed on production since this computer last pushed or pulled it; nothing was overwritten there',
      '  size: here "55", there "60"',
    ]);

    await json(['resolve', '--env', 'production', employer, '--keep-local', '--json']);
    expect(await json(['sync', '--env', 'production', '--json'])).toEqual({ pushed: 1, failed: 0, pending: 0, errors: [] });
    expect(((await (await onServer(`/employers/${remoteEmployer}/`)).json()) as { size: string }).size).toBe('55');
  });
});

describe('local call --batch', () => {
  it('refuses a line with "if_match" in words, for that line only, doing nothing', async () => {
    const file = join(dir, 'lines.jsonl');
    writeFileSync(
      file,
      [
        { method: 'DELETE', path: `/employers/${employer}/`, if_match: '"anything"' },
        { method: 'GET', path: `/employers/${employer}/` },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const result = await run(['local', 'call', '--batch', file]);
    expect(result.code, result.stderr).toBe(0);
    const [refused, read] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status: number; body: { detail?: string } });
    expect(refused).toEqual({ status: 400, body: { detail: expect.stringMatching(/^"if_match" is for plandesk serve/) } });
    expect(read!.status).toBe(200);
  });
});
