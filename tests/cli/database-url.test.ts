// `--db` of `serve` and the admin commands (INTERFACES.md "Serving the API"): a SQLite file or a
// postgres:// URL; anything else shaped like a URL is refused in one line, exit 1, nothing made.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';

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
