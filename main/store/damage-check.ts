import { readFileSync, rmSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import { CHECKED_SUFFIX, hasUncheckpointedLog } from './file-access.js';

/**
 * The damage check (`PRAGMA quick_check`) reads the whole file: on a workspace of some years it
 * costs hundreds of milliseconds. It is owed whenever the file may have changed since a check last
 * found it intact: when a check passes, the file's identity at that moment (device, inode, size,
 * modification and change times) is written down beside it, and the next open skips the check only
 * while the file still has exactly that identity and no write-ahead log is waiting. The record
 * vouches for nothing but what was read: any write after the check (PlanDesk's own, another
 * program's, bytes a failing disk overwrote while PlanDesk held the file open), a copy or a restore
 * over it, or a crash that left a log behind changes the identity, and the next open checks again.
 * Sessions that only read keep it, so a run of reading commands checks once. Damage PlanDesk meets
 * withdraws every record this process wrote (`forgetChecked`).
 *
 * Timestamps come from a clock that may only tick every few milliseconds: a write made in the same
 * tick as the file's last one would carry the same time. The identity counts only once the file
 * system's own clock is seen past the file's last write (the record's time shows it), so any later
 * write carries a later time. The record is written again every RETRY_MS until then, for at most
 * SETTLE_MS.
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

/** The file's identity now, to be taken just before it is checked; undefined where it cannot tell writes apart. */
export function identityBeforeCheck(file: string): string | undefined {
  try {
    return identityOf(statSync(file, { bigint: true }));
  } catch {
    return undefined;
  }
}

/**
 * After a check found `file` intact: records the identity it had when the check began, if the file
 * still has it (nothing wrote to it during the check) and this process has met no damage. Never
 * throws: a file whose identity is not recorded is simply checked next time.
 */
export function recordCheckPassed(file: string, identity: string | undefined): void {
  const stamp = file + CHECKED_SUFFIX;
  try {
    removeQuietly(stamp);
    if (damageMet || identity === undefined) return;
    const stat = statSync(file, { bigint: true });
    if (identityOf(stat) !== identity) return;
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
