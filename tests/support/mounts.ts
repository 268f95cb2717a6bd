// Real file systems for storage failures: a small tmpfs that can be filled or remounted read-only.
// Mounting needs root (or CAP_SYS_ADMIN); where the sandbox forbids it, `canMount` is false and the
// tests that need a mount are skipped (they say so in vitest's output).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function probeMount(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const canMount = probeMount();

export interface Tmpfs {
  dir: string;
  readOnly(): void;
  writable(): void;
  /** Fills the file system to its last byte. */
  fill(): void;
  unmount(): void;
}

export function mountTmpfs(sizeKiB: number): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k,mode=0755`, 'tmpfs', dir]);
  return {
    dir,
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir]),
    writable: () => execFileSync('mount', ['-o', 'remount,rw', dir]),
    fill: () => {
      mkdirSync(join(dir, 'filler'), { recursive: true });
      // Big chunks first, then single blocks, until the file system refuses even one.
      for (const size of [64 * 1024, 4096, 1]) {
        for (let index = 0; ; index += 1) {
          try {
            writeFileSync(join(dir, 'filler', `${size}-${index}`), Buffer.alloc(size));
          } catch {
            break;
          }
        }
      }
    },
    unmount: () => {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
