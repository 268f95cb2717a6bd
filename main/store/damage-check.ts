import { readFileSync, rmSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import { CHECKED_SUFFIX, hasUncheckpointedLog } from './file-access.js';

/**
 * The damage check (`PRAGMA quick_check`) reads the whole file: on a workspace of some years it
 * costs hundreds of milliseconds, on every command. It is owed when the file may have been touched
 * by something other than SQLite under PlanDesk: so when PlanDesk's last connection closes a file
 * it had checked (or trusted) at open, it writes down the file's identity beside it (device, inode,
 * size, modification and change times), and the next open skips the check when the file still has
 * exactly that identity and no write-ahead log is waiting. Another program writing to it after
 * PlanDesk closed it, a copy or a restore over it, or a crash that left a log behind each change
 * one of those, and the check runs. What happens to the file while PlanDesk has it open is
 * trusted, except damage PlanDesk meets: then nothing is vouched for (`forgetChecked`).
 */
/**
 * Timestamps come from a clock that may only tick every few milliseconds: a write made in the same
 * tick as our last one would carry the same time. The identity counts only once the file system's
 * own clock is seen past the database's last write (the stamp's time shows it), so any later write
 * carries a later time. The stamp is written again every RETRY_MS until then, for at most SETTLE_MS.
 */
const SETTLE_MS = 25;
const RETRY_MS = 2;

/** Files this process vouched for; all forgotten once it meets damage anywhere. */
const vouched = new Set<string>();
let damageMet = false;

/** Whether the damage check must run before `file` is written to. */
export function needsDamageCheck(file: string): boolean {
  if (hasUncheckpointedLog(file)) return true;
  try {
    return readFileSync(file + CHECKED_SUFFIX, 'utf8') !== identityOf(statSync(file, { bigint: true }));
  } catch {
    return true;
  }
}

/**
 * After a connection that checked or trusted `file` at open has closed: remembers the file as it
 * is now, unless another connection still has it open (its log is still there) or this process
 * has met damage. Never throws: a file whose identity is not remembered is simply checked next time.
 */
export function rememberChecked(file: string): void {
  const stamp = file + CHECKED_SUFFIX;
  try {
    removeQuietly(stamp);
    if (damageMet || statSync(`${file}-wal`, { throwIfNoEntry: false }) !== undefined) return;
    // One stat for both: the time the stamp must pass is the time the identity records.
    const stat = statSync(file, { bigint: true });
    const identity = identityOf(stat);
    if (identity === undefined) return;
    const giveUpAt = Date.now() + SETTLE_MS;
    for (;;) {
      writeFileSync(stamp, identity, { mode: 0o600 });
      if (statSync(stamp, { bigint: true }).mtimeNs > stat.mtimeNs) {
        vouched.add(file);
        return;
      }
      if (Date.now() >= giveUpAt) {
        removeQuietly(stamp);
        return;
      }
      sleep(RETRY_MS);
    }
  } catch {
    removeQuietly(stamp);
  }
}

/**
 * Damage was met (in `file`, where known): the check runs again on that file, and on every file
 * this process vouched for, and this process vouches for nothing more.
 */
export function forgetChecked(file?: string): void {
  damageMet = true;
  if (file !== undefined) vouched.add(file);
  for (const vouchedFile of vouched) removeQuietly(vouchedFile + CHECKED_SUFFIX);
  vouched.clear();
}

/** Undefined where the file system keeps whole milliseconds or coarser (FAT keeps 2 s): too coarse to tell writes apart. */
function identityOf(stat: BigIntStats): string | undefined {
  if (stat.mtimeNs % 1_000_000n === 0n) return undefined;
  return [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':');
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // A stamp that cannot be removed sits where nothing can be written: the database cannot change either.
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
