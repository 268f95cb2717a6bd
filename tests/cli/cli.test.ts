// The `plandesk` command line, spawned for real (`node bin/plandesk.cjs ...`, the compiled out/main/cli.js)
// against temporary folders: what an operator, a script or an outside test suite sees. Each spawn
// costs a process start, so the scenarios below reuse one database and one workspace across steps.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOWER_CASE_UUID_PATTERN as UUID } from '../../shared/validation/uuid.js';
import { plandeskEnv, runPlandesk, type CliResult } from '../support/cli-run.js';

const BIN = fileURLToPath(new URL('../../bin/plandesk.cjs', import.meta.url));
const TOKEN = /^[0-9a-f]{40}$/;
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-cli-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A HOME (and config folder) that is not the tester's, plus `extra`. */
const home = (extra: Record<string, string> = {}) => ({ HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), ...extra });

const run = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) => runPlandesk(args, options.input, { env: home(options.env) });

function json(result: CliResult): any {
  expect(result.stdout.trim().split('\n'), `one line of JSON on stdout; stderr: ${result.stderr}`).toHaveLength(1);
  return JSON.parse(result.stdout);
}

function expectOneLineFailure(result: CliResult, code: number): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^plandesk/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

function employerBody(division: string, name: string, url: string): Record<string, unknown> {
  return { name, url, size: '250', naics_codes: ['332710'], location_states: ['CA', 'DC'], other_filters: [], division };
}

describe('plandesk admin and serve', () => {
  const db = () => join(dir, 'server.db');
  let boot: { account: string; user: string; division: string; token: string };

  it('admin bootstrap prints {account, user, division, token} and refuses an existing e-mail', async () => {
    const first = await run(['admin', 'bootstrap', '--db', db(), '--account', 'Acme Brokers', '--email', 'admin@acme.example.com', '--division', 'West']);
    expect(first.code, first.stderr).toBe(0);
    boot = json(first);
    expect(Object.keys(boot)).toEqual(['account', 'user', 'division', 'token']);
    expect(boot.account).toMatch(UUID);
    expect(boot.user).toMatch(UUID);
    expect(boot.division).toMatch(UUID);
    expect(boot.token).toMatch(TOKEN);

    const again = await run(['admin', 'bootstrap', '--db', db(), '--account', 'Other', '--email', 'ADMIN@acme.example.com', '--division', 'East']);
    expectOneLineFailure(again, 1);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('admin token issues a token that serve accepts; SIGTERM closes cleanly with the data on disk', async () => {
    const issued = await run(['admin', 'token', '--db', db(), '--email', 'admin@acme.example.com']);
    expect(issued.code, issued.stderr).toBe(0);
    const { token, ...rest } = json(issued);
    expect(rest).toEqual({});
    expect(token).toMatch(TOKEN);
    expect(token).not.toBe(boot.token);

    const server = spawn(process.execPath, [BIN, 'serve', '--db', db(), '--port', '0'], { env: plandeskEnv(home()), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    server.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          const line = /^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(stdout);
          if (line) resolve(line[1]!);
        });
        server.on('exit', () => reject(new Error(`serve exited early: ${stderr}`)));
      });
      expect(url).not.toMatch(/:0$/);

      const list = await fetch(`${url}/divisions/list/`, { headers: { Authorization: `Token ${token}` } });
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual([{ id: boot.division, name: 'West' }]);

      const anonymous = await fetch(`${url}/divisions/list/`);
      expect(anonymous.status).toBe(401);

      const created = await fetch(`${url}/employers/`, {
        method: 'POST',
        headers: { Authorization: `Token ${boot.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(employerBody(boot.division, 'Served Co', 'https://served.example.com')),
      });
      expect(created.status).toBe(200);
      const employer = (await created.json()) as { id: string };

      // Writes are parsed and answered on the writer thread: a malformed body is its 400, a delete its bare 204.
      const headers = { Authorization: `Token ${boot.token}`, 'Content-Type': 'application/json' };
      const malformed = await fetch(`${url}/employers/`, { method: 'POST', headers, body: '{"name": ' });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { detail: string }).detail).toMatch(/^JSON parse error - /);
      const doomed = await fetch(`${url}/employers/`, {
        method: 'POST',
        headers,
        body: JSON.stringify(employerBody(boot.division, 'Gone Co', 'https://gone.example.com')),
      });
      const deleted = await fetch(`${url}/employers/${((await doomed.json()) as { id: string }).id}/`, { method: 'DELETE', headers });
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe('');

      server.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(stdout).toBe(`listening on ${url}\n`);
      expect(stderr).toMatch(/GET \/divisions\/list\/ 200/);
      expect(stderr).toMatch(/POST \/employers\/ 200/);
      expect(stderr).not.toContain(token);
      expect(stderr).not.toContain(boot.token);

      // Closed cleanly: the WAL was checkpointed into the main file and removed.
      expect(!existsSync(`${db()}-wal`) || statSync(`${db()}-wal`).size === 0).toBe(true);
      const check = new Database(db(), { readonly: true });
      try {
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(check.prepare('SELECT name FROM employers WHERE id = ?').pluck().get(employer.id)).toBe('Served Co');
      } finally {
        check.close();
      }
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
  });
});

describe('plandesk local', () => {
  const ws = () => join(dir, 'workspace');
  let division: string;

  it('local init, then local call reads divisions and creates an employer', async () => {
    const init = await run(['local', 'init', '--workspace', ws(), '--account', 'My desk', '--email', 'me@broker.example.com', '--division', 'Book', '--json']);
    expect(init.code, init.stderr).toBe(0);
    const created = json(init);
    expect(Object.keys(created).sort()).toEqual(['division', 'user']);

    // --workspace falls back to PLANDESK_WORKSPACE.
    const list = await run(['local', 'call', 'GET', '/divisions/list/'], { env: { PLANDESK_WORKSPACE: ws() } });
    expect(list.code, list.stderr).toBe(0);
    const listed = json(list);
    expect(listed).toEqual({ status: 200, body: [{ id: created.division, name: 'Book' }] });
    division = listed.body[0].id;

    const body = employerBody(division, 'Local Co', 'https://local.example.com');
    const post = await run(['local', 'call', '--workspace', ws(), 'POST', '/employers/', '--body', JSON.stringify(body)]);
    expect(post.code, post.stderr).toBe(0);
    const answer = json(post);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...body, plans: [], plans_expired: [] });
    expect(answer.body.id).toMatch(UUID);

    // Queued for sync, as a change made in the app's window is.
    const local = new Database(join(ws(), 'plandesk.db'), { readonly: true });
    try {
      expect(local.prepare("SELECT count(*) FROM outbox WHERE entity = 'employer' AND record_id = ?").pluck().get(answer.body.id)).toBe(1);
    } finally {
      local.close();
    }
  });

  it('local call answers an invalid JSON body with 400, exit 0', async () => {
    const result = await run(['local', 'call', '--workspace', ws(), 'POST', '/employers/', '--body', '{"name": ']);
    expect(result.code, result.stderr).toBe(0);
    const answer = json(result);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^JSON parse error - /);
  });

  it('local call --batch performs each line in order, one output line per input line', async () => {
    const good = employerBody(division, 'Batch Co', 'https://batch.example.com');
    const input = [
      JSON.stringify({ method: 'POST', path: '/employers/', body: good }),
      '',
      '{"method": "POST", "path": ',
      JSON.stringify({ method: 'POST', path: '/employers/', body: { ...good, url: 'https://other.example.com' } }),
      JSON.stringify({ path: '/employers/list/' }),
      JSON.stringify({ method: 'GET', path: '/employers/list/?ignored=1' }),
    ].join('\n');
    const result = await run(['local', 'call', '--workspace', ws(), '--batch', '-'], { input });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(5);
    expect(lines[0].status).toBe(200);
    expect(lines[0].body.name).toBe('Batch Co');
    expect(lines[1].status).toBe(400);
    expect(lines[1].body.detail).toMatch(/^JSON parse error - /);
    expect(lines[2]).toEqual({ status: 400, body: { name: ['employer with this name already exists.'] } });
    expect(lines[3].status).toBe(400);
    expect(lines[3].body.detail).toMatch(/method/);
    expect(lines[4].status).toBe(200);
    expect(lines[4].body.map((e: { name: string }) => e.name).sort()).toEqual(['Batch Co', 'Local Co']);
  });
});

describe('plandesk usage', () => {
  it('an unknown command exits 2 with a one-line reason', async () => {
    expectOneLineFailure(await run(['frobnicate', '--workspace', dir]), 2);
  });

  it.each(['--version', '-v', '-V'])('%s prints the version and exits 0', async (flag) => {
    const result = await run([flag]);
    expect(result).toEqual({ code: 0, stdout: `${PACKAGE_VERSION}\n`, stderr: '' });
  });

  it('check in a folder with no workspace fails in one line with its prefix, and creates nothing', async () => {
    const empty = join(dir, 'no-workspace-here');
    const result = await run(['check', '--workspace', empty]);
    expectOneLineFailure(result, 1);
    expect(result.stderr).toBe(`plandesk check: ${empty} is not a PlanDesk workspace yet; run \`plandesk local init\` or open the app to set it up\n`);
    expect(existsSync(empty)).toBe(false);
  });

  it('--help prints usage and exits 0', async () => {
    const result = await run(['serve', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--rate-limit N\/SECONDS/);
    expect(result.stdout).toMatch(/default: no rate limit/);
  });

  it('plandesk --help loads no npm package: neither the database driver nor the HTTP stack', async () => {
    // Preloaded into the CLI's own process: on exit, lists every module it loaded from node_modules.
    const probe = join(dir, 'loaded-packages.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache).filter((file) => file.includes('node_modules')))));\n",
    );
    const result = await runPlandesk(['--help'], '', { env: home(), nodeArgs: ['--require', probe] });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: plandesk COMMAND/);
    expect(JSON.parse(result.stderr)).toEqual([]);
  });
});
