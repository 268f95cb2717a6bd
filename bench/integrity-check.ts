// What the damage check costs: every writable open of an existing database runs `PRAGMA quick_check`
// before its first write. Measured on a workspace of 10,000 employers with a medical plan each,
// side by side with the rest of the open (pragmas, schema check) and with a full integrity_check.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openDatabase } from '../main/store/database.js';
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

export function benchIntegrityCheck(): IntegrityCost {
  const world = benchWorld('integrity');
  const actor = { userId: world.userId };
  const division = world.db.prepare('SELECT id FROM divisions').pluck().get() as string;
  world.db.transaction(() => {
    for (let index = 0; index < EMPLOYERS; index += 1) {
      const employer = world.router({
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
      });
      const plan = world.router({ method: 'POST', path: '/plans/medical/', actor, body: medicalBody((employer.body as { id: string }).id, index) });
      if (employer.status !== 200 || plan.status !== 200) throw new Error('seeding failed');
    }
  })();
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
  const openMs = median(
    Array.from({ length: ROUNDS }, () => {
      const started = performance.now();
      openDatabase(file).close();
      return performance.now() - started;
    }),
  );
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
