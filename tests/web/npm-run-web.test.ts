// `npm run web`: standard output is the one line `open URL`, so a script can read it; whatever the
// build prints goes to standard error. The script's own text is run, with a stand-in for the build
// step that prints what a build prints (the real build would rewrite out/ under the other tests).
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
