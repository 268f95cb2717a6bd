// `plandesk env set`, `sync` and `inspect`, spawned for real against a server on loopback.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../main/http/server.js';
import { runPlandesk } from '../support/cli-run.js';
import { startHostedRemote, type HostedRemote } from '../support/hosted-remote.js';
import { validPlanBody } from '../support/fixtures.js';

let remote: HostedRemote;
let dir: string;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  remote = await startHostedRemote('plandesk-sync-cli-');
  ({ dir, server, token } = remote);
});

afterAll(() => remote.close());

const run = (args: string[], input = '') => runPlandesk(args, input, { env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, 'ws') } });

describe('plandesk sync', () => {
  it('pushes local work once, reports it as JSON, and inspect shows the remote ids', async () => {
    expect((await run(['local', 'init', '--account', 'Laptop', '--email', 'me@broker.example.com', '--division', 'East'])).code).toBe(0);
    const divisions = JSON.parse((await run(['local', 'call', 'GET', '/divisions/list/'])).stdout).body as { id: string }[];
    const employerBody = {
      name: 'Initech',
      url: 'https://initech.example.com',
      size: '40',
      naics_codes: [],
      location_states: ['TX'],
      other_filters: [],
      division: divisions[0]!.id,
    };
    const employer = JSON.parse((await run(['local', 'call', 'POST', '/employers/', '--body', JSON.stringify(employerBody)])).stdout).body as { id: string };
    const plan = validPlanBody('dental', { employer: employer.id, title: 'Initech Dental' });
    expect(JSON.parse((await run(['local', 'call', 'POST', '/plans/dental/', '--body', '-'], JSON.stringify(plan))).stdout).status).toBe(200);

    const saved = await run(['env', 'set', 'staging', '--url', server.url, '--token-stdin'], `${token}\n`);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout + saved.stderr).not.toContain(token);
    expect(readFileSync(join(dir, 'ws', 'plandesk.db')).includes(Buffer.from(token))).toBe(false);
    // Whether the key went to the OS credential store or (with a warning) to the config folder, a
    // copy of the workspace folder carries no key to open the token with.
    expect(readdirSync(join(dir, 'ws'))).not.toContain('token.key');

    const first = await run(['sync', '--env', 'staging', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ pushed: 2, failed: 0, pending: 0, errors: [] });
    const again = await run(['sync', '--env', 'staging', '--json']);
    expect(JSON.parse(again.stdout)).toEqual({ pushed: 0, failed: 0, pending: 0, errors: [] });

    const inspected = JSON.parse((await run(['inspect', employer.id, '--json'])).stdout);
    expect(inspected.fields.name).toBe('Initech');
    expect(inspected.sync).toEqual([expect.objectContaining({ env: 'staging', status: 'synced', remote_id: expect.stringMatching(/^[0-9a-f-]{36}$/) })]);
    const found = JSON.parse((await run(['inspect', '--search', 'initech', '--json'])).stdout) as { label: string }[];
    expect(found.map((row) => row.label).sort()).toEqual(['Initech', 'Initech Dental']);
  });

  it('reports a rejected token with exit 1 and a one-line reason', async () => {
    await run(['env', 'set', 'production', '--url', server.url, '--token-stdin'], '0'.repeat(40));
    await run([
      'local',
      'call',
      'POST',
      '/users/',
      '--body',
      JSON.stringify({ email: 'ann@broker.example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [] }),
    ]);
    const result = await run(['sync', '--env', 'production']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/token rejected by production/);
  });
});

describe('an environment the workspace does not have', () => {
  it.each([
    ['sync', ['sync', '--env', 'prod']],
    ['sync', ['sync', '--env', 'prod', '--dry-run']],
    ['pull', ['pull', '--env', 'prod']],
    ['conflicts', ['conflicts', '--env', 'prod']],
  ])('%s says so in one line, naming the environments there are (%j)', async (command, args) => {
    const result = await run(args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `plandesk ${command}: no environment named "prod" (this workspace has "production", "staging"); add it with \`plandesk env set prod --url URL --token-stdin\`\n`,
    );
  });

  it('env remove names the environments there are, and removes nothing', async () => {
    const result = await run(['env', 'remove', 'prod']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('plandesk env remove: no environment named "prod" (this workspace has "production", "staging")\n');
    expect(JSON.parse((await run(['env', 'list', '--json'])).stdout)).toHaveLength(2);
  });
});

describe('plandesk env set: plain http:// only on loopback', () => {
  it.each(['http://api.example.com', 'http://10.0.0.5:8787', 'http://127.0.0.1.example.com', 'http://[::2]:8787'])(
    'refuses a plain http:// URL for a non-loopback host (%s) with exit 1 and the reason',
    async (url) => {
      const result = await run(['env', 'set', 'insecure', '--url', url, '--token-stdin'], token);
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/refusing plain http:\/\/ .*use https:\/\//);
      expect(result.stderr).not.toContain(token);
      const listed = await run(['env', 'map-filter', 'insecure', '--filter', 'x', '--remote-id', '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d']);
      expect(listed.stderr).toMatch(/no environment named "insecure"/);
    },
  );

  it.each(['http://127.0.0.1:8787', 'http://127.5.6.7', 'http://localhost:8787', 'http://[::1]:8787', 'https://api.example.com'])('accepts %s', async (url) => {
    const result = await run(['env', 'set', 'accepted', '--url', url, '--token-stdin', '--json'], token);
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('plandesk env map-filter', () => {
  it('maps a filter the workspace has, and refuses one it has not, naming the ones it has', async () => {
    expect((await run(['env', 'set', 'mapped', '--url', 'https://api.example.com', '--token-stdin'], token)).code).toBe(0);
    const remoteId = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const mapped = await run(['env', 'map-filter', 'mapped', '--filter', 'Non-Profit Organization', '--remote-id', remoteId]);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(mapped.stdout).toBe(`Filter 'Non-Profit Organization' maps to ${remoteId} on mapped.\n`);
    const unknown = await run(['env', 'map-filter', 'mapped', '--filter', 'No Such Filter', '--remote-id', remoteId]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      "plandesk env map-filter: this workspace has no filter named 'No Such Filter' (it has: 'Government Contractor', 'Non-Profit Organization')\n",
    );
  });
});
