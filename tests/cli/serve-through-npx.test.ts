// `npx plandesk serve` started as a person starts it and stopped as a person stops it: `kill PID`
// with the PID of the command they started, npm's. npm passes the signal to the shell it started
// the command through; the server under that shell stops too, rather than going on without them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf, isPortFree, isRunning, startThroughNpm } from '../support/process-tree.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-serve-npx-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform !== 'linux')('npx plandesk serve, stopped by the PID of npx', () => {
  it('frees the port, closes the database and leaves no process behind', async () => {
    const db = join(dir, 'serve.db');
    // npx links this checkout into its cache: one of the test's own, so the tester's is untouched.
    const npx = startThroughNpm('npx', ['plandesk', 'serve', '--db', db, '--port', '0'], {
      cwd: REPO,
      env: { ...process.env, npm_config_cache: join(dir, 'npm-cache'), npm_config_update_notifier: 'false' },
    });
    const under: number[] = [];
    try {
      await expect.poll(() => npx.stdout(), { timeout: 45_000, interval: 100 }).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n/);
      const port = Number(/:(\d+)\n/.exec(npx.stdout())![1]);
      under.push(...descendantsOf(npx.child.pid!));
      expect(under).not.toEqual([]);
      expect(existsSync(`${db}-wal`)).toBe(true);

      npx.child.kill('SIGTERM');

      await expect.poll(() => under.filter(isRunning), { timeout: 15_000, interval: 100 }).toEqual([]);
      expect(await isPortFree(port)).toBe(true);
      expect(npx.stderr()).toContain('SIGTERM: closing (requests in progress finish first)\nclosed\n');
      // The last connection's close folds SQLite's write-ahead log into the file and removes it; a killed server leaves it.
      expect(existsSync(`${db}-wal`)).toBe(false);
    } finally {
      for (const pid of under) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
