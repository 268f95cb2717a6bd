import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';

/**
 * The damage check (`PRAGMA quick_check`) reads the whole file: on a workspace of some years it
 * costs hundreds of milliseconds, on every command. It is owed only when the file may have been
 * touched by something other than SQLite under PlanDesk: so when PlanDesk's last connection closes
 * a file it had checked (or trusted) at open, it writes down the file's identity beside it (device,
 * inode, size, modification and change times), and the next open skips the check when the file
 * still has exactly that identity and no write-ahead log is waiting. Another program writing to
 * it, a copy or a restore over it, or a crash that left a log behind each change one of those, and
 * the check runs.
 */
export const CHECKED_SUFFIX = '-checked';

/**
 * Timestamps come from a clock that may only tick every few milliseconds: a write made in the same
 * tick as our last one would carry the same time. The identity is written down only once that
 * tick has surely passed, so any later write carries a later time.
 */
const SETTLE_MS = 25;

/** Whether the damage check must run before `file` is written to. */
export function needsDamageCheck(file: string): boolean {
  if (existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0) return true;
  try {
    const remembered = readFileSync(file + CHECKED_SUFFIX, 'utf8');
    return remembered !== identityOf(file);
  } catch {
    return true;
  }
}

/**
 * After a connection that checked or trusted `file` at open has closed: remembers the file as it
 * is now, unless another connection still has it open (its log is still there). Never throws: a
 * file whose identity is not remembered is simply checked next time.
 */
export function rememberChecked(file: string): void {
  const stamp = file + CHECKED_SUFFIX;
  try {
    rmSync(stamp, { force: true });
    if (existsSync(`${file}-wal`)) return;
    const modifiedMs = Number(statSync(file, { bigint: true }).mtimeNs / 1_000_000n);
    sleep(modifiedMs + SETTLE_MS - Date.now());
    const identity = identityOf(file);
    if (identity !== undefined) writeFileSync(stamp, identity, { mode: 0o600 });
  } catch {
    rmSync(stamp, { force: true });
  }
}

/** Undefined where the file system keeps whole milliseconds or coarser (FAT keeps 2 s): too coarse to tell writes apart. */
function identityOf(file: string): string | undefined {
  const stat = statSync(file, { bigint: true });
  if (stat.mtimeNs % 1_000_000n === 0n) return undefined;
  return [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':');
}

function sleep(ms: number): void {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(ms, SETTLE_MS));
}
