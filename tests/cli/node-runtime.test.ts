// The project runs on Node.js 24, which `npm install` brings from the npm registry (package.json's
// `node` devDependency) and which npm scripts and npx find first on PATH, whatever Node.js the
// machine has. On an older one the `plandesk` command refuses in one sentence instead of crashing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runPlandesk, type CliResult } from '../support/cli-run.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};

/** Runs the command file itself, as `npx plandesk` does, with only the Node.js options given here. */
const runByItsShebang = (args: string[], nodeOptions = ''): Promise<CliResult> =>
  runPlandesk(args, '', { byShebang: true, env: { NODE_OPTIONS: nodeOptions } });

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** PATH without the checkout's node_modules/.bin: the machine's own Node.js and npm, as before an install. */
const MACHINE_PATH = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((folder) => !folder.startsWith(join(ROOT, 'node_modules')))
  .join(delimiter);

/** npm's own script (npm-cli.js), to run it on a Node.js of our choosing. */
function npmCli(): string {
  const started = process.env.npm_execpath;
  if (started && /npm-cli\.js$/.test(started)) return started;
  const found = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8', env: { PATH: MACHINE_PATH } }).stdout.trim();
  return realpathSync(found);
}

/** Lines of npm's engine warnings in a command's output. */
const engineWarnings = (output: string) => output.split('\n').filter((line) => line.includes('EBADENGINE'));

/** Loaded before the command (node --import): it then sees the version an older Node.js reports. */
const AS_NODE_20 = "data:text/javascript,Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } })";

describe('the Node.js the project runs on', () => {
  it('runs the tests: the version package.json names, whatever Node.js the machine has', () => {
    expect(process.version).toBe(`v${PACKAGE.devDependencies['node']}`);
  });

  it('runs the plandesk command when npm or npx starts it by its #! line', async () => {
    const result = await runByItsShebang(['--version']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(PACKAGE.version);
  });

  it("starts the plandesk command with V8's young generation capped, so a long pull or import does not grow with what it reads", async () => {
    const tellOptions = "--import=data:text/javascript,import{writeSync}from'node:fs';process.on('exit',()=>writeSync(2,JSON.stringify(process.execArgv)))";
    const result = await runByItsShebang(['--version'], tellOptions);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stderr)).toEqual(['--max-semi-space-size=8']);
  });

  it('is checked by the plandesk command, which refuses an older one in one sentence and does nothing', async () => {
    const result = await runPlandesk(['--version'], '', { nodeArgs: ['--import', AS_NODE_20] });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'plandesk: needs Node.js 24 or later, and this is Node.js 20.20.2; in the PlanDesk folder, `npx plandesk` runs it on the Node.js 24 that `npm install` brings.\n',
    );
  });

  it('lets npx start the command with no engine warning, whatever Node.js npm itself runs on', () => {
    // A cache of its own: npx checks the package as it first links it into its cache, not again after.
    const cache = mkdtempSync(join(tmpdir(), 'plandesk-npx-cache-'));
    try {
      const result = spawnSync('npx', ['--no', '--offline', 'plandesk', '--help'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PATH: MACHINE_PATH, npm_config_cache: join(cache, '_cacache') },
      });
      expect(result.status, result.stderr).toBe(0);
      expect(engineWarnings(result.stderr)).toEqual([]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('is what npm runs on to install (as .ci/run and the README do): then no package warns of its engines', () => {
    const result = spawnSync(process.execPath, [npmCli(), 'install', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${MACHINE_PATH}` },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(engineWarnings(result.stderr)).toEqual([]);
  });
});
