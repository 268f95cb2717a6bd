// The server release (README "Run an agency server"): `npm run pack:server` makes one archive holding
// the compiled server, its production packages and the Node.js 24 it runs on; unpacked into an empty
// folder it starts exactly as docs/plandesk-serve@.service's ExecStart starts it, with its settings
// from the environment as the unit gives them, on a machine whose own Node.js is older (or absent:
// PATH holds only the system's folders). The archive is made offline, from the npm cache alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UNIT = readFileSync(join(ROOT, 'docs', 'plandesk-serve@.service'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** What a machine without PlanDesk's Node.js has on PATH: the system's folders only. */
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

let dir: string;
let installed: string;

/** `node scripts/pack-server.cjs`, offline: every package from the npm cache the checkout's install filled. */
function pack(out: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'pack-server.cjs'), '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_offline: 'true' },
    timeout: 300_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-release-'));
  const packed = pack(join(dir, 'dist'));
  if (packed.status !== 0) throw new Error(`pack-server failed (${packed.status}): ${packed.stderr}`);
  const archive = packed.stdout.trim();
  expect(archive).toBe(join(dir, 'dist', `plandesk-server-${PACKAGE.version}-linux-${process.arch}.tar.gz`));
  const opt = join(dir, 'opt');
  mkdirSync(opt);
  const unpacked = spawnSync('tar', ['-xzf', archive, '-C', opt], { encoding: 'utf8' });
  if (unpacked.status !== 0) throw new Error(`tar failed: ${unpacked.stderr}`);
  installed = join(opt, 'plandesk');
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A setting of the unit (`ExecStart`, `Environment`...), each line's value, with the unit's paths moved into the test's folder. */
function unitSettings(key: string, port: string): string[] {
  return UNIT.split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) =>
      line
        .slice(key.length + 1)
        .replaceAll('/opt/plandesk', installed)
        .replaceAll('/var/log/plandesk', join(dir, 'log'))
        .replaceAll('%i', port)
        .replaceAll('%d', join(dir, 'credentials')),
    );
}

interface Started {
  url: string;
  stop(): Promise<number | null>;
  stderr(): string;
}

/** serve as the unit starts it: its ExecStart (port 0: any free one), its Environment, and `serveEnv` as its EnvironmentFile. */
function startAsTheUnit(serveEnv: Record<string, string>): Promise<Started> {
  const [command, ...args] = unitSettings('ExecStart', '0')[0]!.split(/\s+/);
  const environment = Object.fromEntries(unitSettings('Environment', '0').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
  mkdirSync(join(dir, 'log'), { recursive: true });
  const child = spawn(command!, args, { env: { PATH: SYSTEM_PATH, HOME: dir, ...environment, ...serveEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = /^listening on (http:\/\/\S+)\n/.exec(stdout);
      if (line) {
        resolve({
          url: line[1]!,
          stderr: () => stderr,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${stderr}`)));
  });
}

/** The release's own command, on its own Node.js, as an admin runs it. */
function releaseCommand(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(join(installed, 'bin', 'node'), [join(installed, 'bin', 'plandesk.cjs'), ...args], {
    encoding: 'utf8',
    env: { PATH: SYSTEM_PATH, HOME: dir },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function get(url: string, token?: string): Promise<{ status: number; body: unknown }> {
  const response = await request(url, { headers: token ? { authorization: `Token ${token}` } : {} });
  return { status: response.statusCode, body: await response.body.json() };
}

describe('the server release', () => {
  it('holds the compiled server, bin/, a package.json naming only what serve needs, its lock file, the systemd unit and Node.js 24', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const nodePackage = `node-linux-${process.arch}`;
    expect(manifest.dependencies).toEqual({
      'better-sqlite3': PACKAGE.dependencies['better-sqlite3'],
      pg: PACKAGE.dependencies['pg'],
      [nodePackage]: PACKAGE.devDependencies['node'],
    });
    const lock = JSON.parse(readFileSync(join(installed, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
    expect(lock.packages[`node_modules/${nodePackage}`]?.version).toBe(PACKAGE.devDependencies['node']);
    expect(Object.keys(lock.packages).some((path) => /node_modules\/(electron|vite|vitest|typescript|react|zod|undici)$/.test(path))).toBe(false);
    expect(existsSync(join(installed, 'out', 'main', 'cli.js'))).toBe(true);
    expect(readFileSync(join(installed, 'plandesk-serve@.service'), 'utf8')).toBe(UNIT);
    expect(readdirSync(join(installed, 'out', 'main')).some((file) => /^(sync|pull|import-table|exhibit)-/.test(file))).toBe(false);
    const version = spawnSync(join(installed, 'bin', 'node'), ['--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toBe(`v${PACKAGE.devDependencies['node']}`);
  });

  it("starts serve exactly as the systemd unit's ExecStart does, settings from its environment, and answers /healthz and the API", async () => {
    const database = join(dir, 'server.db');
    const boot = releaseCommand([
      'admin',
      'bootstrap',
      '--db',
      database,
      '--account',
      'Release Brokers',
      '--email',
      'admin@release.example',
      '--division',
      'East',
    ]);
    expect(boot.stderr).toBe('');
    const { token } = JSON.parse(boot.stdout) as { token: string };

    const served = await startAsTheUnit({ PLANDESK_DB: database, PLANDESK_RATE_LIMIT: '600/60', PLANDESK_TRUST_PROXY: '127.0.0.1' });
    try {
      expect(await get(`${served.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get(`${served.url}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } });
      const divisions = await get(`${served.url}/divisions/list/`, token);
      expect(divisions.status).toBe(200);
      expect(readFileSync(join(dir, 'log', 'access-0.log'), 'utf8')).toMatch(/ 127\.0\.0\.1 GET \/healthz 200 /);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it.skipIf(!POSTGRES_ADMIN_URL)('serves a PostgreSQL database with the pg package it carries', async () => {
    let database: TestDatabase | undefined;
    try {
      database = await createTestDatabase('release');
      const served = await startAsTheUnit({ PLANDESK_DB: database.url });
      try {
        expect(await get(`${served.url}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } });
      } finally {
        expect(await served.stop()).toBe(0);
      }
    } finally {
      await database?.drop();
    }
  });

  it('says in one line that a command other than serve and admin is not part of it', () => {
    const result = releaseCommand(['sync', '--workspace', join(dir, 'workspace'), '--env', 'production']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^plandesk sync: not part of this installation \(.+\); the server release carries serve and the admin commands only\n$/);
  });

  it('refuses an older Node.js in one sentence that names the one it carries', () => {
    writeFileSync(join(dir, 'as-node-20.mjs'), "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } });\n");
    const result = spawnSync(join(installed, 'bin', 'node'), ['--import', join(dir, 'as-node-20.mjs'), join(installed, 'bin', 'plandesk.cjs'), '--version'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `plandesk: needs Node.js 24 or later, and this is Node.js 20.20.2; run it as \`${join(installed, 'bin', 'node')} ${join(installed, 'bin', 'plandesk.cjs')}\`, or with ${join(installed, 'bin')} first on PATH.\n`,
    );
  });
});
