// `plandesk history`, `export` and `inspect`, spawned for real against a workspace and a server on
// loopback: what a support person (or a script) sees of a record's life.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../main/http/server.js';
import { BENEFITS } from '../../shared/plans/benefits.js';
import { runPlandesk, type CliResult as Result } from '../support/cli-run.js';
import { validPlanBody } from '../support/fixtures.js';
import { startHostedRemote, type HostedRemote } from '../support/hosted-remote.js';

const EMAIL = 'me@broker.example.com';

let remote: HostedRemote;
let dir: string;
let server: RunningServer;
let token: string;

const run = (args: string[], input = '') => runPlandesk(args, input, { env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, 'ws') } });

async function json(args: string[]): Promise<any> {
  const result = await run(args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const result = await json(['local', 'call', method, path, ...(body === undefined ? [] : ['--body', JSON.stringify(body)])]);
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
  return result.body;
}

function expectOneLineFailure(result: Result, code: number, reason: RegExp): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(reason);
}

let employer: { id: string; name: string };
let plan: { id: string };
let user: { id: string };

beforeAll(async () => {
  remote = await startHostedRemote('plandesk-support-cli-');
  ({ dir, server, token } = remote);

  expect((await run(['local', 'init', '--account', 'Laptop', '--email', EMAIL, '--division', 'East'])).code).toBe(0);
  const [division] = (await call('GET', '/divisions/list/')) as { id: string }[];
  employer = await call('POST', '/employers/', {
    name: 'Initech, "Ltd"',
    url: 'https://initech.example.com',
    size: '40',
    naics_codes: ['541511', '541512'],
    location_states: ['TX'],
    other_filters: [],
    division: division!.id,
  });
  plan = await call('POST', '/plans/dental/', validPlanBody('dental', { employer: employer.id, title: 'Initech Dental' }));
  user = await call('POST', '/users/', { email: 'ann@broker.example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [division!.id] });
});

afterAll(() => remote.close());

describe('plandesk history', () => {
  it('prints every change of a record as JSON, oldest first, with the acting user and the changed fields', async () => {
    await call('PUT', `/employers/${employer.id}/`, {
      name: 'Initech, "Ltd"',
      url: 'https://initech.example.com',
      size: '45',
      naics_codes: ['541511', '541512'],
      location_states: ['TX'],
      other_filters: [],
      division: (await call('GET', `/employers/${employer.id}/`)).division,
    });
    const entries = await json(['history', employer.id, '--json']);
    expect(entries).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        user: EMAIL,
        op: 'create',
        changes: expect.objectContaining({ name: [null, 'Initech, "Ltd"'], size: [null, '40'] }),
      },
      { at: expect.any(String), user: EMAIL, op: 'update', changes: { size: ['40', '45'] } },
    ]);
    expect(entries[0].at <= entries[1].at).toBe(true);
  });

  it('prints the changes as text without --json', async () => {
    const result = await run(['history', employer.id]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`update  by ${EMAIL}`);
    expect(result.stdout).toContain('size: "40" → "45"');
  });

  it('exits 1 with the reason for an id the workspace never had, and 2 without an id', async () => {
    expectOneLineFailure(await run(['history', '00000000-0000-4000-8000-000000000000']), 1, /no record with id 00000000-0000-4000-8000-000000000000/);
    expectOneLineFailure(await run(['history']), 2, /missing ID/);
  });
});

describe('plandesk inspect after a sync', () => {
  let remoteEmployerId: string;

  beforeAll(async () => {
    expect((await run(['env', 'set', 'staging', '--url', server.url, '--token-stdin'], token)).code).toBe(0);
    const pushed = await run(['sync', '--env', 'staging', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    remoteEmployerId = (await json(['inspect', employer.id, '--json'])).sync[0].remote_id;
  });

  it('shows the state of the latest change: an employer edited after its sync is pending, not synced', async () => {
    expect((await json(['inspect', employer.id, '--json'])).sync).toEqual([expect.objectContaining({ env: 'staging', status: 'synced' })]);
    const current = await call('GET', `/employers/${employer.id}/`);
    await call('PUT', `/employers/${employer.id}/`, { ...current, size: '50' });
    const inspected = await json(['inspect', employer.id, '--json']);
    expect(inspected.sync).toEqual([expect.objectContaining({ env: 'staging', status: 'pending', remote_id: remoteEmployerId })]);
    expect(inspected.fields.size).toBe('50');
  });

  it('keeps the history through a sync: nothing is pruned', async () => {
    const inspected = await json(['inspect', employer.id, '--json']);
    expect(inspected.history.map((entry: { op: string }) => entry.op)).toEqual(['create', 'update', 'update']);
    expect(inspected.history.at(-1).changes).toEqual({ size: ['45', '50'] });
  });

  it('finds a record by its remote id, and by a user e-mail', async () => {
    expect((await json(['inspect', '--search', remoteEmployerId, '--json'])).map((row: { id: string }) => row.id)).toEqual([employer.id]);
    expect((await json(['inspect', remoteEmployerId.toUpperCase(), '--json'])).id).toBe(employer.id);
    expect((await json(['inspect', '--search', 'ann@broker', '--json'])).map((row: { id: string }) => row.id)).toEqual([user.id]);
  });

  it('still finds a deleted record by id, with its history', async () => {
    const doomed = await call('POST', '/plans/vision/', validPlanBody('vision', { employer: employer.id, title: 'Initech Vision' }));
    await call('DELETE', `/plans/vision/${doomed.id}/`);
    const inspected = await json(['inspect', doomed.id, '--json']);
    expect(inspected).toMatchObject({ entity: 'plan', id: doomed.id, label: 'Initech Vision', path: null, fields: null });
    expect(inspected.history.map((entry: { op: string }) => entry.op)).toEqual(['create', 'delete']);
  });

  it('exits 1 for an id it cannot find', async () => {
    expectOneLineFailure(await run(['inspect', '00000000-0000-4000-8000-000000000000']), 1, /no record with id/);
  });
});

describe('plandesk export', () => {
  it('writes one JSON file with every record as the API returns it, all nine kinds, and no token', async () => {
    const out = join(dir, 'export.json');
    const summary = await json(['export', '--out', out, '--json']);
    expect(summary).toMatchObject({ out, format: 'json', employers: 1, plans: 1, users: 2, divisions: 1 });
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(token);
    const exported = JSON.parse(text);
    expect(Object.keys(exported)).toEqual(['employers', 'plans', 'users', 'divisions']);
    expect(Object.keys(exported.plans)).toEqual([...BENEFITS]);
    expect(exported.employers).toEqual([await call('GET', `/employers/${employer.id}/`)]);
    expect(exported.plans.dental).toEqual([await call('GET', `/plans/dental/${plan.id}/`)]);
    expect(exported.plans.medical).toEqual([]);
    expect(exported.users).toContainEqual(await call('GET', `/users/${user.id}/`));
    expect(exported.divisions).toHaveLength(1);
  });

  it('refuses to overwrite an existing file and leaves it as it was', async () => {
    const out = join(dir, 'taken.json');
    writeFileSync(out, 'mine');
    expectOneLineFailure(await run(['export', '--out', out]), 1, /already exists/);
    expect(readFileSync(out, 'utf8')).toBe('mine');
  });

  it('writes a CSV folder: employers.csv and one file per kind that has plans, lists joined by ";", quoted as CSV, with a byte-order mark', async () => {
    const out = join(dir, 'csv');
    expect((await run(['export', '--out', out, '--format', 'csv'])).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['employers.csv', 'plans-dental.csv']);
    const [header, row, end] = readFileSync(join(out, 'employers.csv'), 'utf8').split('\r\n');
    expect(header!.split(',').slice(0, 5)).toEqual(['\uFEFFid', 'account', 'name', 'url', 'size']);
    expect(row).toContain(`${employer.id},`);
    expect(row).toContain(',"Initech, ""Ltd""",https://initech.example.com,50,"541511;541512",TX,,');
    expect(row).toContain(`,dental:${plan.id},`);
    expect(end).toBe('');
    const plans = readFileSync(join(out, 'plans-dental.csv'), 'utf8').split('\r\n');
    expect(plans[0]!.split(',')).toContain('title');
    expect(plans).toHaveLength(3);
  });

  it('refuses a CSV folder that is not empty, and a format it does not know', async () => {
    const out = join(dir, 'full');
    mkdirSync(out);
    writeFileSync(join(out, 'employers.csv'), 'mine');
    expectOneLineFailure(await run(['export', '--out', out, '--format', 'csv']), 1, /not empty/);
    expect(readFileSync(join(out, 'employers.csv'), 'utf8')).toBe('mine');
    expectOneLineFailure(await run(['export', '--out', join(dir, 'x.xml'), '--format', 'xml']), 2, /--format is json or csv/);
    expect(existsSync(join(dir, 'x.xml'))).toBe(false);
    expectOneLineFailure(await run(['export', '--out', join(dir, 'missing-folder', 'e.json')]), 1, /no folder/);
  });
});
