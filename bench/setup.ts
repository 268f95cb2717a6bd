import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { validPlanBody } from '../tests/support/fixtures.js';
import { bootstrap } from '../main/service/accounts.js';
import { createContext } from '../main/service/context.js';
import type { SqliteDb } from '../main/store/database.js';
import { openSqliteDatabase } from '../main/store/open-database.js';
import { sqliteStore } from '../main/store/sqlite-store.js';
import { createRouter } from '../main/router/router.js';
import type { Router } from '../main/api/types.js';

export interface BenchWorld {
  db: SqliteDb;
  router: Router;
  userId: string;
  token: string;
  employerId: string;
  dispose(): void;
}

/** A fresh database file with an account, an employer, and a router acting as its admin. */
export async function benchWorld(label: string): Promise<BenchWorld> {
  const dir = mkdtempSync(join(tmpdir(), `plandesk-bench-${label}-`));
  const db = openSqliteDatabase(join(dir, 'bench.db'));
  const context = createContext(sqliteStore(db));
  const router = createRouter(context);
  const account = await bootstrap(context, { account: 'Bench', email: `${label}@bench.test`, division: 'Bench' });
  const actor = { userId: account.user };
  const employer = (
    await router({
      method: 'POST',
      path: '/employers/',
      actor,
      body: {
        name: 'Bench Co',
        url: 'https://bench.test',
        size: '100',
        naics_codes: [],
        location_states: ['NY'],
        other_filters: [],
        division: account.division,
      },
    })
  ).body as { id: string };
  return {
    db,
    router,
    userId: account.user,
    token: account.token,
    employerId: employer.id,
    dispose: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function medicalBody(employerId: string, index: number): Record<string, unknown> {
  return validPlanBody('medical', { employer: employerId, title: `Bench plan ${index}`, from_plan: undefined, from_action: undefined });
}

/** Tells what the bench is doing now (on stderr, with the time since it started). */
export type Progress = (phase: string) => void;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The URL a `plandesk serve` child prints once it accepts connections. */
export function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening on (http:\/\/\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`plandesk serve exited with ${code} before listening`)));
  });
}

/** SIGTERM, then wait for the child to exit. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const CLI = join(__dirname, '..', 'bin', 'plandesk.cjs');

export interface ServeProcess {
  url: string;
  token: string;
  /** The bootstrapped division's id on that server. */
  division: string;
  /** CPU time (user + system) the server process has used so far, in ms; undefined where /proc is not available. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/** A server's database (a file, or a PostgreSQL URL), bootstrapped: its admin's token and id, and its division's id. */
export interface ServeDb {
  location: string;
  token: string;
  user: string;
  division: string;
}

export interface ServeOptions {
  /** `--strict-api`: only the 16 operations of 2.2.1. */
  strictApi?: boolean;
  /** `--access-log FILE`; without it the access log (stderr) is discarded. */
  accessLog?: string;
}

/**
 * `plandesk admin bootstrap` of a fresh database (a file in `dir` unless `database` names another
 * place, such as an empty PostgreSQL database's URL), with an account whose division is named `division`.
 */
export function bootstrapServeDb(dir: string, division: string, database = join(dir, 'serve.db')): ServeDb {
  const created = JSON.parse(
    execFileSync(process.execPath, [CLI, 'admin', 'bootstrap', '--db', database, '--account', 'Bench', '--email', 'bench@bench.test', '--division', division], {
      encoding: 'utf8',
    }),
  ) as { token: string; user: string; division: string };
  return { location: database, token: created.token, user: created.user, division: created.division };
}

/** A `plandesk serve` child on --port 0 over a bootstrapped database, once it accepts connections. */
export async function serveDb(db: ServeDb, options: ServeOptions = {}): Promise<ServeProcess> {
  const args = [
    CLI,
    'serve',
    '--db',
    db.location,
    '--port',
    '0',
    ...(options.strictApi ? ['--strict-api'] : []),
    ...(options.accessLog ? ['--access-log', options.accessLog] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const url = await listeningUrl(child);
    return { url, token: db.token, division: db.division, cpuMs: () => processCpuMs(child.pid), stop: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** A `plandesk serve` child over a fresh database file in `dir`, bootstrapped with an account whose division is named `division`. */
export function startServe(dir: string, division: string, options: ServeOptions = {}): Promise<ServeProcess> {
  return serveDb(bootstrapServeDb(dir, division), options);
}

/** utime + stime of another process from /proc (Linux), in ms. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** USER_HZ, 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
