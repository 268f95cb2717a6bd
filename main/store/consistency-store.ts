import type Database from 'better-sqlite3';

/*
 * What `plandesk check` asks of a database, on a connection of its own (read-only, or a copy in
 * memory): each query answers at most `limit` rows, since a badly damaged file could list thousands.
 */

type Connection = Database.Database;

/** SQLite's integrity check: ['ok'] for a sound file, else what is wrong. */
export function integrityMessages(db: Connection, limit: number): string[] {
  return (db.pragma(`integrity_check(${limit})`, { simple: false }) as { integrity_check: string }[]).map((row) => row.integrity_check);
}

/** SQLite's quick check, the damage check an open owes (database.ts): whether it finds the file sound. */
export function quickCheckPasses(db: Connection): boolean {
  return db.pragma('quick_check', { simple: true }) === 'ok';
}

export function foreignKeyViolations(db: Connection, limit: number): { table: string; rowid: number | null; parent: string }[] {
  return (db.pragma('foreign_key_check') as { table: string; rowid: number | null; parent: string }[]).slice(0, limit);
}

/** How the sync's state can contradict the queue it describes. */
export type QueueContradiction = 'sent-beyond-queue' | 'state-without-change' | 'in-flight-without-flight' | 'flight-not-in-flight';

/** Sync state that contradicts the queue (only where the sync tables exist yet). */
export function queueContradictions(db: Connection, limit: number): { kind: QueueContradiction; env: string; record_id: string }[] {
  if (!hasTable(db, 'outbox') || !hasTable(db, 'record_sync')) return [];
  const flights = hasTable(db, 'sync_flights');
  const queries: [QueueContradiction, string][] = [
    ['sent-beyond-queue', 'SELECT env, record_id FROM record_sync WHERE synced_seq > (SELECT coalesce(max(seq), 0) FROM outbox)'],
    ['state-without-change', 'SELECT env, record_id FROM record_sync WHERE record_id NOT IN (SELECT record_id FROM outbox)'],
    [
      'in-flight-without-flight',
      flights
        ? "SELECT env, record_id FROM record_sync s WHERE status = 'in_flight' AND NOT EXISTS (SELECT 1 FROM sync_flights f WHERE f.env = s.env AND f.record_id = s.record_id)"
        : // A workspace from before migration 10 keeps what was sent in record_sync.
          "SELECT env, record_id FROM record_sync WHERE status = 'in_flight' AND in_flight_seq IS NULL",
    ],
  ];
  if (flights) {
    queries.push([
      'flight-not-in-flight',
      "SELECT env, record_id FROM sync_flights f WHERE NOT EXISTS (SELECT 1 FROM record_sync s WHERE s.env = f.env AND s.record_id = f.record_id AND s.status = 'in_flight')",
    ]);
  }
  return queries.flatMap(([kind, query]) =>
    (db.prepare(`${query} LIMIT ${limit}`).all() as { env: string; record_id: string }[]).map((row) => ({ kind, ...row })),
  );
}

function hasTable(db: Connection, name: string): boolean {
  return db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(name) === 1;
}
