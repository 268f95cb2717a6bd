// `plandesk admin tokens`, `admin token --revoke` and `--expires-in` against a running `plandesk
// serve` (INTERFACES.md "Serving the API"), and the files serve creates: spawned for real.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { SERVE_STORE, serveDatabase, type TestDatabase } from '../support/postgres.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let dir: string;
let database: TestDatabase;
let db: string;
let boot: { token: string; division: string };
let serve: ServeChild;

const plandesk = (args: string[]) => runPlandesk(args, '', { env: { HOME: dir } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-admin-tokens-'));
  database = await serveDatabase(dir, 'admin_tokens');
  db = database.url;
  const booted = await plandesk(['admin', 'bootstrap', '--db', db, '--account', 'Acme', '--email', 'admin@acme.example.com', '--division', 'West']);
  expect(booted.code, booted.stderr).toBe(0);
  boot = JSON.parse(booted.stdout);
  serve = await startServeChild(db, ['--access-log', join(dir, 'access.log')]);
});

afterAll(async () => {
  await serve.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const list = (token: string) => fetch(`${serve.url}/divisions/list/`, { headers: { Authorization: `Token ${token}` } });

async function tokens(...extra: string[]): Promise<Record<string, unknown>[]> {
  const result = await plandesk(['admin', 'tokens', '--db', db, ...extra]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('plandesk admin tokens', () => {
  it('lists every token with its id, e-mail and times, never the secret', async () => {
    const issued = await plandesk(['admin', 'token', '--db', db, '--email', 'admin@acme.example.com']);
    const { token } = JSON.parse(issued.stdout) as { token: string };
    const listed = await tokens();
    expect(listed).toHaveLength(2);
    for (const row of listed) {
      expect(Object.keys(row).sort()).toEqual(['created_at', 'email', 'expires_at', 'id', 'last_used_at']);
      expect(row.id).toMatch(UUID);
      expect(row.email).toBe('admin@acme.example.com');
      expect(row.expires_at).toBeNull();
    }
    const printed = JSON.stringify(listed);
    expect(printed).not.toContain(token);
    expect(printed).not.toContain(boot.token);
  });

  it("lists one user's tokens with --email, and refuses an unknown e-mail with exit 1", async () => {
    expect(await tokens('--email', 'ADMIN@acme.example.com')).toHaveLength((await tokens()).length);
    const unknown = await plandesk(['admin', 'tokens', '--db', db, '--email', 'nobody@acme.example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no user with the e-mail nobody@acme.example.com/);
  });

  it.runIf(SERVE_STORE === 'sqlite')('refuses a database file that does not exist, creating nothing', async () => {
    const missing = await plandesk(['admin', 'tokens', '--db', join(dir, 'typo.db')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no database at/);
  });

  it.runIf(SERVE_STORE === 'postgres')('refuses a PostgreSQL database that does not exist, in one line', async () => {
    const url = new URL(db);
    url.pathname = '/plandesk_no_such_database';
    const missing = await plandesk(['admin', 'tokens', '--db', url.toString()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^plandesk admin tokens: there is no database postgres:\/\/\S+\/plandesk_no_such_database: create it first .*\n$/);
  });
});

describe('plandesk admin token --revoke', () => {
  it('revokes a token: the running serve answers it 401 at once, other tokens keep working', async () => {
    const { token } = JSON.parse((await plandesk(['admin', 'token', '--db', db, '--email', 'admin@acme.example.com'])).stdout) as { token: string };
    expect((await list(token)).status).toBe(200);
    const newest = (await tokens()).at(-1)!;
    const revoked = await plandesk(['admin', 'token', '--db', db, '--revoke', String(newest.id)]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ revoked: newest.id });
    const refused = await list(token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: 'Invalid token.' });
    expect((await list(boot.token)).status).toBe(200);
    expect((await tokens()).map((row) => row.id)).not.toContain(newest.id);
  });

  it('refuses an unknown token id with exit 1', async () => {
    const result = await plandesk(['admin', 'token', '--db', db, '--revoke', '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no token with the id 9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/);
  });
});

describe('plandesk admin token --expires-in', () => {
  it('issues a token that expires that many days after it was issued', async () => {
    const before = Date.now();
    const issued = await plandesk(['admin', 'token', '--db', db, '--email', 'admin@acme.example.com', '--expires-in', '30']);
    expect(issued.code, issued.stderr).toBe(0);
    expect((await list(JSON.parse(issued.stdout).token)).status).toBe(200);
    const expiresAt = new Date(String((await tokens()).at(-1)!.expires_at)).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it.each(['0', '-1', 'soon', '1.5'])('refuses --expires-in %s with exit 2', async (days) => {
    const result = await plandesk(['admin', 'token', '--db', db, '--email', 'admin@acme.example.com', `--expires-in=${days}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--expires-in takes a whole number of days/);
  });
});

describe("serve's own files", () => {
  it.runIf(SERVE_STORE === 'sqlite')('creates the database readable by its owner only', async () => {
    expect(statSync(db).mode & 0o777).toBe(0o600);
    const fresh = join(dir, 'fresh.db');
    const other = await startServeChild(fresh);
    await other.stop();
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  });

  it('records last use on close, and logs requests without tokens or bodies', async () => {
    await fetch(`${serve.url}/employers/`, {
      method: 'POST',
      headers: { Authorization: `Token ${boot.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Secret Body Co' }),
    });
    expect(await serve.stop()).toBe(0);
    const used = (await tokens()).filter((row) => row.last_used_at !== null);
    expect(used.length).toBeGreaterThan(0);
    const log = readFileSync(join(dir, 'access.log'), 'utf8');
    expect(log).toMatch(/POST \/employers\/ 400/);
    expect(log).not.toContain(boot.token);
    expect(log).not.toContain('Secret Body Co');
    expect(statSync(join(dir, 'access.log')).mode & 0o777).toBe(0o600);
    serve = await startServeChild(db);
  });
});
