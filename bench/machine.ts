import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { median } from './setup.js';

/**
 * How long one 4 KB write and fsync take in the temporary folder (where every bench database
 * lives), median of 50. The serve and sync figures depend on it: group commit saves fsyncs, which
 * matters little where an fsync costs a tenth of a millisecond and a lot where it costs several.
 */
function fsyncMs(): number {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-fsync-'));
  const fd = openSync(join(dir, 'probe'), 'w');
  const page = Buffer.alloc(4096, 1);
  try {
    return median(
      Array.from({ length: 50 }, () => {
        const started = performance.now();
        writeSync(fd, page);
        fsyncSync(fd);
        return performance.now() - started;
      }),
    );
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU, Node, SQLite and better-sqlite3 versions, the disk's fsync time, and the load when the run started. */
export function machineLine(): string {
  const db = new Database(':memory:');
  const sqlite = db.prepare('SELECT sqlite_version()').pluck().get() as string;
  db.close();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const binding = (require('better-sqlite3/package.json') as { version: string }).version;
  const cores = cpus();
  return `machine: ${cores[0]?.model ?? 'unknown CPU'} x${cores.length}, Node ${process.versions.node}, SQLite ${sqlite} (better-sqlite3 ${binding}), fsync ${fsyncMs().toFixed(2)} ms, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} at start`;
}
