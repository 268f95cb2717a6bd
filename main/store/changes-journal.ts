import type { SqliteDb } from './database.js';
import { changesJournalTriggers } from './migrations/012-changes.js';
import { sqliteWriteTransaction } from './sqlite-store.js';

/**
 * Records a write's changes journal only where the feed is read: makes the journal's triggers
 * (migration 12) on a server's SQLite database, once. Records written while the database had no
 * triggers (it was opened as a workspace, or by a build before migration 16) and missing from the
 * journal are journaled then, so the feed's first reader misses none of them.
 */
export function keepChangesJournal(db: SqliteDb): void {
  const names = JSON.stringify(changesJournalTriggers.map((trigger) => trigger.name));
  const present = db
    .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (SELECT value FROM json_each(?))")
    .pluck()
    .get(names) as number;
  if (present === changesJournalTriggers.length) return;
  sqliteWriteTransaction(db, () => {
    for (const trigger of changesJournalTriggers) db.exec(`DROP TRIGGER IF EXISTS ${trigger.name}; ${trigger.sql}`);
    db.exec(UNJOURNALED_RECORDS);
  });
}

/** Every record, as the triggers would have journaled its last write, where the journal has no row of it in that division. */
const UNJOURNALED_RECORDS = `
INSERT INTO changed SELECT account_id, 'division', id, id, NULL FROM divisions d
  WHERE NOT EXISTS (SELECT 1 FROM changes c WHERE c.entity = 'division' AND c.record_id = d.id AND c.division_id = d.id);
INSERT INTO changed SELECT account_id, 'user', id, '', NULL FROM users u
  WHERE NOT EXISTS (SELECT 1 FROM changes c WHERE c.entity = 'user' AND c.record_id = u.id AND c.division_id = '');
INSERT INTO changed SELECT account_id, 'employer', id, division_id, NULL FROM employers e
  WHERE NOT EXISTS (SELECT 1 FROM changes c WHERE c.entity = 'employer' AND c.record_id = e.id AND c.division_id = e.division_id);
INSERT INTO changed SELECT e.account_id, 'plan', p.id, e.division_id, p.benefit FROM plans p JOIN employers e ON e.id = p.employer_id
  WHERE NOT EXISTS (SELECT 1 FROM changes c WHERE c.entity = 'plan' AND c.record_id = p.id AND c.division_id = e.division_id);
`;
