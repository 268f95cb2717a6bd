// Durability of `plandesk serve` with group commit: killed with SIGKILL in the middle of a load,
// every write it acknowledged is in the database, and the database is intact (on SQLite, its
// integrity check; on PostgreSQL the server's own business, read from outside).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validPlanBody } from '../support/fixtures.js';
import { runPlandesk } from '../support/cli-run.js';
import { onDatabase, SERVE_STORE, serveDatabase } from '../support/postgres.js';
import { startServeChild } from '../support/serve-process.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-serve-kill-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plandesk serve killed with SIGKILL during a load', () => {
  it('keeps every acknowledged write, and the database is intact', async () => {
    const database = await serveDatabase(dir, 'serve_kill');
    const dbFile = database.url;
    const boot = JSON.parse(
      (
        await runPlandesk(['admin', 'bootstrap', '--db', dbFile, '--account', 'Acme', '--email', 'admin@acme.example.com', '--division', 'West'], '', {
          env: { HOME: dir },
        })
      ).stdout,
    ) as { token: string; division: string };
    const serve = await startServeChild(dbFile);
    const pool = new Pool(serve.url, { connections: 32 });
    const headers = { authorization: `Token ${boot.token}`, 'content-type': 'application/json' };
    const employer = await pool.request({
      method: 'POST',
      path: '/employers/',
      headers,
      body: JSON.stringify({
        name: 'Kill Co',
        url: 'https://kill.example.com',
        size: '10',
        naics_codes: [],
        location_states: ['NY'],
        other_filters: [],
        division: boot.division,
      }),
    });
    const { id: employerId } = (await employer.body.json()) as { id: string };

    const acknowledged: string[] = [];
    let serial = 0;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const title = `Kill plan ${(serial += 1)}`;
        try {
          const response = await pool.request({
            method: 'POST',
            path: '/plans/medical/',
            headers,
            body: JSON.stringify(validPlanBody('medical', { employer: employerId, title, from_plan: undefined, from_action: undefined })),
          });
          const body = (await response.body.json()) as { id?: string };
          if (response.statusCode === 200 && body.id) acknowledged.push(body.id);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const load = Promise.all(Array.from({ length: 32 }, client));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    serve.child.kill('SIGKILL');
    killed = true;
    await serve.exited;
    await load;
    await pool.destroy();

    const stored = new Set(await storedMedicalPlans(dbFile));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost, `${lost.length} of ${acknowledged.length} acknowledged plans are missing`).toEqual([]);
    await database.drop();
  });
});

/** The ids of the medical plans in the database, read from outside `serve`; a SQLite file must pass its integrity check first. */
async function storedMedicalPlans(location: string): Promise<string[]> {
  const text = "SELECT id FROM plans WHERE benefit = 'medical'";
  if (SERVE_STORE === 'postgres') return onDatabase(location, async (client) => (await client.query<{ id: string }>(text)).rows.map((row) => row.id));
  const db = new Database(location);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return db.prepare(text).pluck().all() as string[];
  } finally {
    db.close();
  }
}
