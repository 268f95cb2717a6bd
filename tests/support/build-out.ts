// Vitest global setup of the `built` project (tests that run the compiled out/: the `plandesk`
// command, web mode, the e2e tests in chromium). Before any worker starts it runs
// `electron-vite build` once, when out/ is missing or older than any source it is built from, so
// every test runs the current code. Vitest calls a project's global setup only when at least one
// of its tests is queued, so unit-only runs build nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUTS = ['out/main/index.js', 'out/main/cli.js', 'out/main/web.js', 'out/preload/index.js', 'out/renderer/index.html'];
const SOURCE_DIRS = ['main', 'preload', 'renderer', 'shared'];
const SOURCE_FILES = ['electron.vite.config.ts', 'package.json', 'package-lock.json'];

export default function setup(): void {
  if (!isStale()) return;
  const started = Date.now();
  const build = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  if (build.error || build.status !== 0 || isStale()) {
    const output = stripVTControlCharacters(`${build.stdout ?? ''}\n${build.stderr ?? ''}`)
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
      .slice(-40)
      .join('\n');
    throw new Error(
      `tests/support/build-out: \`electron-vite build\` failed (${build.error?.message ?? `exit ${build.status}`}); these tests run the compiled out/.\n${output}`,
    );
  }
  console.log(`tests/support/build-out: built out/ in ${Date.now() - started} ms`);
}

/** True when an output is missing or a source (tests excepted) changed after the oldest output. */
function isStale(): boolean {
  const outputs = OUTPUTS.map((file) => join(REPO_ROOT, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = [...SOURCE_DIRS.flatMap((dir) => sourceFiles(join(REPO_ROOT, dir))), ...SOURCE_FILES.map((file) => join(REPO_ROOT, file))];
  return sources.some((file) => statSync(file).mtimeMs > builtAt);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
