// `plandesk serve` configured from the environment, as containers and unit files do (docs/cli.md):
// PLANDESK_DB, PLANDESK_HOST, PLANDESK_PORT and PLANDESK_ + every other option's name in capitals,
// dashes as underscores; a flag wins over its variable; a bad value is refused in one sentence that
// names the variable, and nothing is made.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plandeskEnv, runPlandesk } from '../support/cli-run.js';

const BIN = fileURLToPath(new URL('../../bin/plandesk.cjs', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-serve-env-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `plandesk serve ...args` with `env` over the tester's environment, once it listens. */
function serve(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: plandeskEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise<{ port: number; stop: () => Promise<number | null> }>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = /^listening on http:\/\/127\.0\.0\.1:(\d+)\n/.exec(stdout);
      if (line) resolve({ port: Number(line[1]), stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${stderr}`)));
  });
}

/** GET `path` on `port` from `localAddress`, on a connection of its own kept alive (so the answer says for how long). */
function get(port: number, path: string, headers: Record<string, string> = {}, localAddress = '127.0.0.1') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, localAddress, agent: false, headers: { connection: 'keep-alive', ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
        });
      },
    );
    outgoing.on('error', reject).end();
  });
}

describe('serve configured from the environment', () => {
  it('takes every setting from PLANDESK_ variables, with no flag at all', async () => {
    const accessLog = join(dir, 'access.log');
    const served = await serve([], {
      PLANDESK_DB: join(dir, 'from-env.db'),
      PLANDESK_HOST: '127.0.0.1',
      PLANDESK_PORT: '0',
      PLANDESK_RATE_LIMIT: '100/60',
      PLANDESK_MAX_CONNECTIONS_PER_CLIENT: '16',
      PLANDESK_ACCESS_LOG: accessLog,
      PLANDESK_STRICT_API: 'yes',
      PLANDESK_KEEP_ALIVE_TIMEOUT: '90',
      PLANDESK_TRUST_PROXY: '127.0.0.2, 10.0.0.0/8',
      PLANDESK_METRICS: 'on',
    });
    try {
      const health = await get(served.port, '/healthz', { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.2');
      expect(health.status).toBe(200);
      expect(health.headers['keep-alive']).toBe('timeout=90');
      expect((await get(served.port, '/metrics')).status).toBe(200);
      // --strict-api: PlanDesk's own extensions are not there.
      expect((await get(served.port, '/capabilities/')).status).toBe(404);
      expect(existsSync(join(dir, 'from-env.db'))).toBe(true);
    } finally {
      expect(await served.stop()).toBe(0);
    }
    expect(readFileSync(accessLog, 'utf8')).toMatch(/^\S+ 203\.0\.113\.9 GET \/healthz 200 /m);
  });

  it('lets a flag win over its variable, whose value is then not even read', async () => {
    const served = await serve(['--db', join(dir, 'from-flag.db'), '--port', '0', '--keep-alive-timeout', '30'], {
      PLANDESK_DB: join(dir, 'no-such-folder', 'x.db'),
      PLANDESK_PORT: 'eighty',
      PLANDESK_KEEP_ALIVE_TIMEOUT: '90',
    });
    try {
      expect((await get(served.port, '/healthz')).headers['keep-alive']).toBe('timeout=30');
      expect((await get(served.port, '/metrics')).status).toBe(404);
    } finally {
      expect(await served.stop()).toBe(0);
    }
    expect(existsSync(join(dir, 'from-flag.db'))).toBe(true);
  });

  it('takes --trust-proxy as several addresses after the flag', async () => {
    const served = await serve(['--db', join(dir, 'trusting.db'), '--trust-proxy', '10.0.0.1', '127.0.0.2', '--port', '0'], {});
    try {
      expect((await get(served.port, '/healthz', { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.2')).status).toBe(200);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it.each([
    ['PLANDESK_PORT', '99999', 'PLANDESK_PORT takes a number from 0 to 65535 (got "99999")'],
    ['PLANDESK_RATE_LIMIT', 'lots', 'PLANDESK_RATE_LIMIT takes N/SECONDS with both numbers above 0, e.g. 100/60 (got "lots")'],
    ['PLANDESK_MAX_CONNECTIONS_PER_CLIENT', '-1', 'PLANDESK_MAX_CONNECTIONS_PER_CLIENT takes a number above 0 (got "-1")'],
    ['PLANDESK_KEEP_ALIVE_TIMEOUT', '0', 'PLANDESK_KEEP_ALIVE_TIMEOUT takes a number of seconds from 1 to 3600 (got "0")'],
    ['PLANDESK_STATEMENT_TIMEOUT', '5', 'PLANDESK_STATEMENT_TIMEOUT applies to a PostgreSQL database (--db postgres://...), not to a SQLite file'],
    ['PLANDESK_TRUST_PROXY', 'nginx', 'PLANDESK_TRUST_PROXY takes IP addresses or networks, such as 127.0.0.1, ::1 or 10.0.0.0/8 (got "nginx")'],
    ['PLANDESK_METRICS', 'maybe', 'PLANDESK_METRICS takes 1, true, yes or on (0, false, no or off to leave it off), not "maybe"'],
    ['PLANDESK_STRICT_API', '2', 'PLANDESK_STRICT_API takes 1, true, yes or on (0, false, no or off to leave it off), not "2"'],
  ])('refuses %s=%s in one sentence naming it (exit 2), and makes nothing', async (variable, value, sentence) => {
    const file = join(dir, `refused-${variable}.db`);
    const result = await runPlandesk(['serve'], '', { env: { PLANDESK_DB: file, [variable]: value } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`plandesk serve: ${sentence} (plandesk serve --help)\n`);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a PLANDESK_DB of another scheme, naming the variable', async () => {
    const result = await runPlandesk(['serve', '--port', '0'], '', { env: { PLANDESK_DB: 'mysql://db.example/plandesk' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('plandesk serve: PLANDESK_DB takes a SQLite file or a postgres:// URL, not a mysql:// URL\n');
  });
});
