// Vitest global setup of the `browser` project (tests/e2e, tests/web): builds the renderer once per
// run, before any worker starts, so every test serves the current out/renderer. Vitest calls a
// project's global setup only when at least one of its tests is queued, so unit-only runs skip it.
// PLANDESK_E2E_SKIP_BUILD=1 serves the out/renderer already there (when it exists) instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RENDERER_INDEX = join(REPO_ROOT, 'out', 'renderer', 'index.html');

export default function setup(): void {
  if (process.env.PLANDESK_E2E_SKIP_BUILD === '1' && existsSync(RENDERER_INDEX)) return;
  const started = Date.now();
  const build = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  if (build.error || build.status !== 0 || !existsSync(RENDERER_INDEX)) {
    const output = stripVTControlCharacters(`${build.stdout ?? ''}\n${build.stderr ?? ''}`)
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
      .slice(-40)
      .join('\n');
    throw new Error(`tests/e2e/global-setup: \`electron-vite build\` failed (${build.error?.message ?? `exit ${build.status}`}); the web and e2e tests need out/renderer.\n${output}`);
  }
  console.log(`tests/e2e/global-setup: built out/ in ${Date.now() - started} ms`);
}
