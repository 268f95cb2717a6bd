import { cpus, loadavg } from 'node:os';
import Database from 'better-sqlite3';

/** CPU, Node, SQLite and better-sqlite3 versions, and the load when the run started. */
export function machineLine(): string {
  const db = new Database(':memory:');
  const sqlite = db.prepare('SELECT sqlite_version()').pluck().get() as string;
  db.close();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const binding = (require('better-sqlite3/package.json') as { version: string }).version;
  const cores = cpus();
  return `machine: ${cores[0]?.model ?? 'unknown CPU'} x${cores.length}, Node ${process.versions.node}, SQLite ${sqlite} (better-sqlite3 ${binding}), load average ${loadavg().map((load) => load.toFixed(1)).join(' ')} at start`;
}
