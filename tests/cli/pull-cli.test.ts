// `plandesk pull`, spawned for real against `plandesk serve` (a PlanDesk remote: the changes feed,
// batched pushes) and `plandesk serve --strict-api` (only the 2.2.1 operations: nothing to list).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { validPlanBody } from '../support/fixtures.js';
import { serveDatabase, type TestDatabase } from '../support/postgres.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';

let dir: string;
let token: string;
let strictToken: string;
let serve: ServeChild;
let strict: ServeChild;
let agencyDatabase: TestDatabase;
let strictDatabase: TestDatabase;

const run = (workspace: string, args: string[], input = '') => runPlandesk(args, input, { env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, workspace) } });
const json = async (workspace: string, args: string[], input = '') => {
  const result = await run(workspace, args, input);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-pull-cli-'));
  agencyDatabase = await serveDatabase(dir, 'agency');
  strictDatabase = await serveDatabase(dir, 'strict');
  const booted = await runPlandesk([
    'admin',
    'bootstrap',
    '--db',
    agencyDatabase.url,
    '--account',
    'Harbor Benefits',
    '--email',
    'admin@harbor.example',
    '--division',
    'East',
    '--json',
  ]);
  token = JSON.parse(booted.stdout).token as string;
  const bootedStrict = await runPlandesk([
    'admin',
    'bootstrap',
    '--db',
    strictDatabase.url,
    '--account',
    'Strict',
    '--email',
    'admin@strict.example',
    '--division',
    'East',
  ]);
  strictToken = JSON.parse(bootedStrict.stdout).token as string;
  serve = await startServeChild(agencyDatabase.url);
  strict = await startServeChild(strictDatabase.url, ['--strict-api']);

  // A colleague's laptop pushes an employer with a plan to the agency's server.
  await json('colleague', ['local', 'init', '--account', 'Laptop', '--email', 'ann@harbor.example', '--division', 'East', '--json']);
  const [east] = (await json('colleague', ['local', 'call', 'GET', '/divisions/list/'])).body as { id: string }[];
  const employer = {
    name: 'Initech',
    url: 'https://initech.example.com',
    size: '40',
    naics_codes: [],
    location_states: ['TX'],
    other_filters: [],
    division: east!.id,
  };
  const made = (await json('colleague', ['local', 'call', 'POST', '/employers/', '--body', JSON.stringify(employer)])).body as { id: string };
  await json(
    'colleague',
    ['local', 'call', 'POST', '/plans/dental/', '--body', '-'],
    JSON.stringify(validPlanBody('dental', { employer: made.id, title: 'Initech Dental' })),
  );
  expect((await run('colleague', ['env', 'set', 'production', '--url', serve.url, '--token-stdin'], token)).code).toBe(0);
  expect(await json('colleague', ['sync', '--env', 'production', '--json'])).toMatchObject({ pushed: 2, failed: 0, pending: 0 });
}, 60_000);

afterAll(async () => {
  await serve?.stop();
  await strict?.stop();
  await agencyDatabase?.drop();
  await strictDatabase?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('plandesk pull', () => {
  it('brings a new laptop what the token sees, as JSON, and a second pull changes nothing', async () => {
    await json('laptop', ['local', 'init', '--account', 'Laptop', '--email', 'bob@harbor.example', '--division', 'East', '--json']);
    expect((await run('laptop', ['env', 'set', 'production', '--url', serve.url, '--token-stdin'], token)).code).toBe(0);

    // The employer, its plan, and the account's admin (the token's own user); the division East is the laptop's own.
    const first = await json('laptop', ['pull', '--env', 'production', '--json']);
    expect(first).toMatchObject({ created: 3, removed: 0, conflicts: 0, failed: 0 });
    expect(await json('laptop', ['pull', '--env', 'production', '--json'])).toMatchObject({ created: 0, updated: 0, removed: 0, conflicts: 0 });
    expect(await json('laptop', ['sync', '--env', 'production', '--json'])).toEqual({ pushed: 0, failed: 0, pending: 0, errors: [] });

    const found = (await json('laptop', ['inspect', '--search', 'Initech', '--json'])) as {
      label: string;
      sync: { link: string; pulled_at: string | null }[];
    }[];
    expect(found.map((row) => row.label).sort()).toEqual(['Initech', 'Initech Dental']);
    for (const row of found) expect(row.sync).toEqual([expect.objectContaining({ link: 'linked', pulled_at: expect.any(String) })]);
    // The laptop's own division, made by local init and never pushed, is the server's East: linked, nothing waiting.
    const [east] = (await json('laptop', ['inspect', '--search', 'East', '--json'])) as { entity: string; sync: unknown[] }[];
    expect(east).toMatchObject({ entity: 'division', sync: [expect.objectContaining({ status: 'synced', link: 'linked', remote_id: expect.any(String) })] });
    const [initech] = (await json('laptop', ['inspect', '--search', 'Initech', '--json'])) as { id: string; label: string }[];
    const history = (await json('laptop', ['history', initech!.id, '--json'])) as { op: string; pulled_from?: string }[];
    expect(history).toEqual([expect.objectContaining({ op: 'create', pulled_from: 'production' })]);
    expect((await run('laptop', ['history', initech!.id])).stdout).toMatch(/^\S+ {2}create, pulled from production {2}by bob@harbor\.example\n/);

    // Nothing changed there since: the feed has nothing to say.
    const text = await run('laptop', ['pull', '--env', 'production']);
    expect(text.stdout.trim()).toBe('production: created 0, updated 0, removed 0, unchanged 0, conflicts 0');
  });

  it('refuses a remote that offers only the 2.2.1 operations, in one line, exit 1, nothing changed', async () => {
    await json('strict', ['local', 'init', '--account', 'Laptop', '--email', 'carl@harbor.example', '--division', 'East', '--json']);
    expect((await run('strict', ['env', 'set', 'strict', '--url', strict.url, '--token-stdin'], strictToken)).code).toBe(0);
    const refused = await run('strict', ['pull', '--env', 'strict']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/cannot list its records/);
    expect((await json('strict', ['local', 'call', 'GET', '/employers/list/'])).body).toEqual([]);
  });

  it('a plan deleted here that changed on the server is a conflict, listed as deleted here; keep-local sends the delete', async () => {
    await json('deleter', ['local', 'init', '--account', 'Laptop', '--email', 'dee@harbor.example', '--division', 'East', '--json']);
    expect((await run('deleter', ['env', 'set', 'production', '--url', serve.url, '--token-stdin'], token)).code).toBe(0);
    await json('deleter', ['pull', '--env', 'production', '--json']);
    const [plan] = (await json('deleter', ['inspect', '--search', 'Initech Dental', '--json'])) as { id: string; sync: { remote_id: string }[] }[];
    const remoteId = plan!.sync[0]!.remote_id;
    expect((await json('deleter', ['local', 'call', 'DELETE', `/plans/dental/${plan!.id}/`])).status).toBe(204);
    // A colleague renames it on the server before the delete goes out.
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const path = `${serve.url}/plans/dental/${remoteId}/`;
    const there = (await (await fetch(path, { headers })).json()) as Record<string, unknown>;
    expect((await fetch(path, { method: 'PUT', headers, body: JSON.stringify({ ...there, title: 'Initech Dental Plus' }) })).status).toBe(200);

    const pulled = await run('deleter', ['pull', '--env', 'production']);
    expect(pulled.code).toBe(1);
    expect(pulled.stdout).toBe(
      'production: created 0, updated 0, removed 0, unchanged 0, conflicts 1\n  1 conflict waits for a decision: plandesk conflicts --env production shows it\n',
    );
    const listed = await run('deleter', ['conflicts', '--env', 'production']);
    expect(listed.stdout.split('\n').slice(0, 3)).toEqual([
      `plan 'Initech Dental' (${plan!.id}), remote ${remoteId}`,
      '  deleted on this computer, but changed on production since the last pull',
      '  deleted here: --keep-local sends the delete, --take-remote brings the record back',
    ]);
    const linked = await run('deleter', ['resolve', '--env', 'production', plan!.id, '--link', remoteId]);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toMatch(/is deleted here: keep-local sends the delete to production, take-remote brings the record back/);
    await json('deleter', ['resolve', '--env', 'production', plan!.id, '--keep-local', '--json']);
    expect(await json('deleter', ['sync', '--env', 'production', '--json'])).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    expect((await fetch(path, { headers })).status).toBe(404);
  });

  it('says what is wrong with its arguments', async () => {
    const missing = await run('laptop', ['pull']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--env NAME/);
    const unknown = await run('laptop', ['pull', '--env', 'nowhere']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no environment named "nowhere"/);
    const noDivision = await run('laptop', ['pull', '--env', 'production', '--division', 'Nowhere']);
    expect(noDivision.code).toBe(1);
    expect(noDivision.stderr).toBe("plandesk pull: production has no division named 'Nowhere' that this token sees\n");
  });
});
