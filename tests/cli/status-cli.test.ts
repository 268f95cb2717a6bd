// `plandesk --version`, `status`, `env list`, `env remove`, and a command group given alone.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';

let dir: string;
const run = (args: string[], input = '') => runPlandesk(args, input, { env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, 'ws') } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-status-cli-'));
  expect((await run(['local', 'init', '--account', 'Laptop', '--email', 'me@broker.example.com', '--division', 'East'])).code).toBe(0);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plandesk --version', () => {
  it("prints the package's version", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const result = await run(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('a command group given alone', () => {
  it.each([
    ['env', ['env set', 'env map-filter', 'env list', 'env remove']],
    ['admin', ['admin bootstrap', 'admin token', 'admin tokens']],
  ])('plandesk %s names its own commands, exit 2', async (group, own) => {
    const result = await run([group]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    for (const command of own) expect(result.stderr).toContain(command);
    expect(result.stderr).not.toContain('import sbc');
  });
});

describe('plandesk env list and env remove', () => {
  it('lists the saved environments, never a token, and removes one; an unknown name changes nothing', async () => {
    expect(JSON.parse((await run(['env', 'list', '--json'])).stdout)).toEqual([]);
    expect((await run(['env', 'list'])).stdout).toMatch(/No environments yet/);
    const token = 'a'.repeat(40);
    expect((await run(['env', 'set', 'staging', '--url', 'http://127.0.0.1:9/', '--token-stdin'], token)).code).toBe(0);
    expect((await run(['env', 'set', 'production', '--url', 'https://prod.example.com/', '--token-stdin'], token)).code).toBe(0);
    const listed = await run(['env', 'list', '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([
      { name: 'production', url: 'https://prod.example.com', production: false },
      { name: 'staging', url: 'http://127.0.0.1:9', production: false },
    ]);
    expect(listed.stdout).not.toContain(token);

    expect((await run(['env', 'remove', 'staging'])).code).toBe(0);
    const missing = await run(['env', 'remove', 'staging']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no environment named "staging"/);
    expect(JSON.parse((await run(['env', 'list', '--json'])).stdout).map((env: { name: string }) => env.name)).toEqual(['production']);
  });
});

describe('plandesk status', () => {
  it('counts the records, what waits per environment, and the last backup', async () => {
    const [east] = JSON.parse((await run(['local', 'call', 'GET', '/divisions/list/'])).stdout).body as { id: string }[];
    const employer = {
      name: 'Initech',
      url: 'https://initech.example.com',
      size: '40',
      naics_codes: [],
      location_states: ['TX'],
      other_filters: [],
      division: east!.id,
    };
    expect(JSON.parse((await run(['local', 'call', 'POST', '/employers/', '--body', JSON.stringify(employer)])).stdout).status).toBe(200);
    mkdirSync(join(dir, 'ws', 'backups'));
    expect((await run(['backup', '--out', join(dir, 'ws', 'backups', 'by-hand.db')])).code).toBe(0);

    const status = JSON.parse((await run(['status', '--json'])).stdout);
    expect(status).toEqual({
      workspace: join(dir, 'ws'),
      records: { employer: 1, plan: 0, user: 1, division: 1 },
      environments: [{ name: 'production', waiting: 1, failed: 0, conflicts: 0, last_push: null, last_pull: null }],
      last_backup: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await run(['status'])).stdout).toMatch(
      /1 employers, 0 plans, 1 users, 1 divisions\n {2}production: 1 waiting, 0 failed, 0 conflicts; last push never, last pull never\n {2}last backup: \d{4}/,
    );
  });
});
