// `npm run web`: standard output is the one line `open URL`, so a script can read it; whatever the
// build prints goes to standard error. Stopped by the PID of `npm run web`, it stops. The script's
// own text is run, with a stand-in for the build step that prints what a build prints (the real
// build would rewrite out/ under the other tests).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initWorkspace, WORKSPACE_DB } from '../../main/workspace/workspace.js';
import { sendToLoopback } from '../support/loopback-http.js';
import { descendantsOf, isPortFree, isRunning, startThroughNpm } from '../support/process-tree.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const webScript = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['web']!;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-npm-web-'));
  const build = join(dir, 'bin', 'electron-vite');
  mkdirSync(join(dir, 'bin'));
  writeFileSync(build, '#!/bin/sh\necho "vite v7 building SSR bundle for production..."\necho "out/main/index.js  120 kB"\n');
  chmodSync(build, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run web', () => {
  it('prints only `open URL` on standard output; the build output goes to standard error', async () => {
    expect(webScript).toMatch(/^electron-vite build\b/);
    const child = spawn('sh', ['-c', `${webScript} --port 0 --workspace "$WS"`], {
      cwd: REPO,
      env: { ...process.env, PATH: `${join(dir, 'bin')}${delimiter}${process.env['PATH'] ?? ''}`, WS: join(dir, 'ws') },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that the server under the shell stops with it.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      await expect.poll(() => stdout, { timeout: 15_000, interval: 50 }).toMatch(/\n$/);
      expect(stdout).toMatch(/^open http:\/\/127\.0\.0\.1:\d+\/#secret=[\w-]+\n$/);
      expect(stderr).toContain('vite v7 building SSR bundle for production...');
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });
});

describe.skipIf(process.platform !== 'linux')('npm run web, stopped by the PID of npm', () => {
  it('frees the port, closes the workspace and leaves no process behind', async () => {
    // A package with the same `web` script, the stand-in build on npm's PATH for it, and this checkout's out/.
    const pkg = join(dir, 'pkg');
    mkdirSync(join(pkg, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'plandesk-web-script', private: true, scripts: { web: webScript } }));
    symlinkSync(join(dir, 'bin', 'electron-vite'), join(pkg, 'node_modules', '.bin', 'electron-vite'));
    symlinkSync(join(REPO, 'out'), join(pkg, 'out'));
    const workspace = join(dir, 'stopped-ws');
    await initWorkspace(workspace, { account: 'Stop Brokers', email: 'stop@example.com', division: 'Main' });

    const npm = startThroughNpm('npm', ['run', 'web', '--', '--workspace', workspace, '--port', '0'], {
      cwd: pkg,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const under: number[] = [];
    try {
      await expect.poll(() => npm.stdout(), { timeout: 30_000, interval: 100 }).toMatch(/open http:\/\/127\.0\.0\.1:\d+\/#secret=[\w-]+\n/);
      const [, port, secret] = /open http:\/\/127\.0\.0\.1:(\d+)\/#secret=([\w-]+)\n/.exec(npm.stdout())!;
      const answer = await sendToLoopback({
        method: 'POST',
        path: '/bridge/workspace',
        port: Number(port),
        headers: { 'content-type': 'application/json', 'x-plandesk-secret': secret! },
        body: '[]',
      });
      expect(answer.json).toEqual({ result: expect.objectContaining({ ready: true, account: 'Stop Brokers' }) });
      expect(existsSync(join(workspace, `${WORKSPACE_DB}-wal`))).toBe(true);
      under.push(...descendantsOf(npm.child.pid!));
      expect(under).not.toEqual([]);

      npm.child.kill('SIGTERM');

      await expect.poll(() => under.filter(isRunning), { timeout: 15_000, interval: 100 }).toEqual([]);
      expect(await isPortFree(Number(port))).toBe(true);
      // The last connection's close folds SQLite's write-ahead log into the file and removes it; a killed process leaves it.
      expect(existsSync(join(workspace, `${WORKSPACE_DB}-wal`))).toBe(false);
    } finally {
      for (const pid of under) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
