// The mark of a PostgreSQL database that stopped answering, shared by the threads of one process
// (postgres-db.ts reads and sets it, stall-probe.ts clears it): an Int32Array of two words.

/** 1 while the database does not answer, 0 once a probe heard from it. */
export const STALLED_AT = 0;
/** When a probe last showed it runs (probeClock's seconds), or 0 when none runs. */
export const PROBED_AT = 1;
/** A probe that has not shown itself for this long has ended (its thread did): the next connection refused starts another. */
export const PROBE_SILENT_S = 5;

/** Seconds since 2020 (an Int32 holds them for 68 years), never 0. */
export function probeClock(): number {
  return Math.floor((Date.now() - Date.UTC(2020, 0, 1)) / 1000) + 1;
}
