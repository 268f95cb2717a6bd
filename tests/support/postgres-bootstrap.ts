// A PostgreSQL database of its own for a test that drives `plandesk serve` processes on it: made,
// then set up by `plandesk admin bootstrap --db URL` as an administrator would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runPlandesk } from './cli-run.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';

export interface BootstrappedDatabase {
  database: TestDatabase;
  /** The administrator's token and the first division, as the bootstrap printed them. */
  boot: { token: string; division: string };
  /** Drops the database and removes the command's home folder. */
  dispose(): Promise<void>;
}

/** A throw-away database (named after `label`) bootstrapped with account Acme, admin@acme.example.com and division West. */
export async function bootstrappedDatabase(label: string): Promise<BootstrappedDatabase> {
  const home = mkdtempSync(join(tmpdir(), `plandesk-${label}-`));
  const database = await createTestDatabase(label);
  const made = await runPlandesk(
    ['admin', 'bootstrap', '--db', database.url, '--account', 'Acme', '--email', 'admin@acme.example.com', '--division', 'West'],
    '',
    { env: { HOME: home } },
  );
  expect(made.code, made.stderr).toBe(0);
  return {
    database,
    boot: JSON.parse(made.stdout) as BootstrappedDatabase['boot'],
    dispose: async () => {
      await database.drop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
