// What the damage check costs: every writable open of an existing database runs `PRAGMA quick_check`
// before its first write. Measured on a workspace of 10,000 employers with a medical plan each,
// side by side with the rest of the open (pragmas, schema check) and with a full integrity_check.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { writeTransaction } from '../main/store/database.js';
import { openDatabase } from '../main/store/open-database.js';
import { sqliteStore } from '../main/store/sqlite-store.js';
import { benchWorld, medicalBody, median } from './setup.js';

const EMPLOYERS = 10_000;
const ROUNDS = 7;

export interface IntegrityCost {
  megabytes: number;
  quickCheckMs: number;
  integrityCheckMs: number;
  foreignKeyCheckMs: number;
  openMs: number;
}

export async function benchIntegrityCheck(): Promise<IntegrityCost> {
  const world = await benchWorld('integrity');
  const actor = { userId: world.userId };
  const division = world.db.prepare('SELECT id FROM divisions').pluck().get() as string;
  await writeTransaction(sqliteStore(world.db), async (tx) => {
    for (let index = 0; index < EMPLOYERS; index += 1) {
      const employer = await world.router(
        {
          method: 'POST',
          path: '/employers/',
          actor,
          body: {
            name: `Employer ${index}`,
            url: `https://employer-${index}.example.com`,
            size: '100',
            naics_codes: [],
            location_states: ['NY'],
            other_filters: [],
            division,
          },
        },
        tx,
      );
      const plan = await world.router({ method: 'POST', path: '/plans/medical/', actor, body: medicalBody((employer.body as { id: string }).id, index) }, tx);
      if (employer.status !== 200 || plan.status !== 200) throw new Error('seeding failed');
    }
  });
  const file = world.db.name;
  world.db.close();
  const timed = (work: (db: Database.Database) => void) =>
    median(
      Array.from({ length: ROUNDS }, () => {
        const db = new Database(file);
        const started = performance.now();
        work(db);
        const ms = performance.now() - started;
        db.close();
        return ms;
      }),
    );
  const opens: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await (await openDatabase(file)).close();
    opens.push(performance.now() - started);
  }
  const openMs = median(opens);
  const cost = {
    megabytes: statSync(file).size / 1e6,
    quickCheckMs: timed((db) => db.pragma('quick_check')),
    integrityCheckMs: timed((db) => db.pragma('integrity_check')),
    foreignKeyCheckMs: timed((db) => db.pragma('foreign_key_check')),
    openMs,
  };
  world.dispose();
  return cost;
}
