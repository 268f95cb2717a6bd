// `--db` of `serve` and the admin commands (INTERFACES.md "Serving the API"): a SQLite file or a
// postgres:// URL; anything else shaped like a URL is refused in one line, exit 1, nothing made.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { POSTGRES_ADMIN_URL } from '../support/postgres.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-db-url-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const plandesk = (args: string[]) => runPlandesk(args, '', { cwd: dir, env: { HOME: dir } });

describe('--db with a URL that is not PostgreSQL', () => {
  const commands = [
    ['serve', '--port', '0'],
    ['admin', 'bootstrap', '--account', 'Acme', '--email', 'admin@acme.example.com', '--division', 'West'],
    ['admin', 'token', '--email', 'admin@acme.example.com'],
    ['admin', 'tokens'],
  ];
  it.each(commands)('plandesk %s is refused in one line, exit 1, and makes no file', async (...command) => {
    const result = await plandesk([...command, '--db', 'mysql://admin:s3cret@db.example.com/plandesk']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^plandesk [a-z ]+: --db takes a SQLite file or a postgres:\/\/ URL, not a mysql:\/\/ URL\n$/);
    expect(result.stderr).not.toContain('s3cret');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe.skipIf(!POSTGRES_ADMIN_URL)('--db with a PostgreSQL URL that cannot be used', () => {
  const server = new URL(POSTGRES_ADMIN_URL ?? 'postgres://localhost/postgres');
  const at = (user: string, database: string, port = server.port) => `postgres://${user}@${server.hostname}:${port}/${database}`;

  it.each([
    ['a malformed URL', 'postgres://admin:s3cret@db.example.com:port/plandesk', /is not a PostgreSQL URL/],
    ['a URL naming no database', 'postgres://admin:s3cret@db.example.com:5432/', /is not a PostgreSQL URL naming a database/],
    ['a login the server refuses', at('plandesk_nobody', 'postgres').replace('plandesk_nobody@', 'plandesk_nobody:s3cret@'), /refused the login/],
    ['a database the server lacks', at('postgres', 'plandesk_no_such_database'), /there is no database .*: create it first/],
    ['a server that cannot be reached', at('admin:s3cret', 'plandesk', '1'), /cannot be reached/],
  ])('%s stops serve and the admin commands in one line, exit 1, never showing the password', async (_what, url, reason) => {
    for (const command of [
      ['serve', '--port', '0'],
      ['admin', 'tokens'],
    ]) {
      const result = await plandesk([...command, '--db', url]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toHaveLength(2);
      expect(result.stderr).toMatch(reason);
      expect(result.stderr).not.toContain('s3cret');
    }
  });
});

describe('serve --statement-timeout', () => {
  it('applies to a PostgreSQL database only: with a SQLite file it is a usage error, exit 2, and makes no file', async () => {
    const result = await plandesk(['serve', '--port', '0', '--db', 'agency.db', '--statement-timeout', '5']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--statement-timeout applies to a PostgreSQL database \(--db postgres:\/\/\.\.\.\), not to a SQLite file/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each(['0', '0.0005', '-1', 'soon', '3601'])('refuses %s seconds as a usage error, exit 2', async (seconds) => {
    const result = await plandesk(['serve', '--port', '0', '--db', 'postgres://admin@db.example.com/plandesk', `--statement-timeout=${seconds}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--statement-timeout takes a number of seconds from 0\.001 to 3600/);
  });
});

describe('admin bootstrap with a bad value', () => {
  it('is refused in one line, exit 1, before any database file is made', async () => {
    const result = await plandesk(['admin', 'bootstrap', '--db', 'agency.db', '--account', 'Acme', '--email', 'not-an-address', '--division', 'West']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('plandesk admin bootstrap: email: Enter a valid email address.\n');
    expect(readdirSync(dir)).toEqual([]);
  });
});
