// `npm run pack:server [-- --cpu x64 | arm64] [--out DIR]`: the release of PlanDesk's server for
// Linux, one archive that installs with `tar -xzf ... -C /opt` and needs nothing else on the machine
// (README "Run an agency server"). It holds, in a folder `plandesk/`:
//   bin/plandesk.cjs      the command, with `bin/plandesk` (a link to it) and `bin/node` (a link to
//                         the Node.js 24 below)
//   out/main/             the compiled chunks `serve` and the `admin` commands load, no other
//   package.json          the packages those chunks require, pinned as the checkout's, and
//                         node-linux-CPU, Node.js itself from the npm registry, pinned as the
//                         checkout's `node`
//   package-lock.json     the checkout's lock file cut down to those
//   plandesk-serve@.service  the systemd unit (docs/), which starts serve on bin/node
//   node_modules/         installed from that lock file by npm here (from its cache when it has
//                         them), without install scripts: better-sqlite3 carries its binaries
// Run it after `npm run build` (the npm script builds first); it writes
// dist/plandesk-server-VERSION-linux-CPU.tar.gz and prints its path.
'use strict';
const { spawnSync } = require('node:child_process');
const { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = resolve(__dirname, '..');
const MAIN = join(ROOT, 'out', 'main');
const CPUS = ['x64', 'arm64'];

/** The command chunks the release carries (named after main/cli/serve.ts and main/cli/admin-*.ts). */
const SERVER_COMMANDS = /^(serve|admin-[a-z-]+)-[\w-]+\.js$/;
/** The systemd unit that runs serve from the unpacked archive. */
const UNIT = 'plandesk-serve@.service';
/** Chunks started as threads by path, not required. */
const THREADS = ['commit-worker.js'];

function main() {
  const { values } = parseArgs({ options: { cpu: { type: 'string', default: process.arch }, out: { type: 'string', default: join(ROOT, 'dist') } } });
  if (!CPUS.includes(values.cpu)) fail(`--cpu takes ${CPUS.join(' or ')} (got "${values.cpu}")`);
  if (!existsSync(join(MAIN, 'cli.js'))) fail('out/main/cli.js is missing: run `npm run build` first');

  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const { files, packages } = serverChunks();
  const dependencies = Object.fromEntries(
    [...packages].sort().map((name) => {
      const version = root.dependencies?.[name];
      if (!version) fail(`the server's code requires ${name}, which package.json's dependencies do not name`);
      return [name, version];
    }),
  );
  const nodePackage = `node-linux-${values.cpu}`;
  dependencies[nodePackage] = root.devDependencies.node;

  const work = mkdtempSync(join(tmpdir(), 'plandesk-pack-'));
  try {
    const folder = join(work, 'plandesk');
    mkdirSync(join(folder, 'out', 'main'), { recursive: true });
    mkdirSync(join(folder, 'bin'));
    for (const file of files) cpSync(join(MAIN, file), join(folder, 'out', 'main', file));
    cpSync(join(ROOT, 'bin', 'plandesk.cjs'), join(folder, 'bin', 'plandesk.cjs'));
    cpSync(join(ROOT, 'docs', UNIT), join(folder, UNIT));
    writeFileSync(
      join(folder, 'package.json'),
      `${JSON.stringify(
        {
          name: 'plandesk-server',
          version: root.version,
          description: `PlanDesk's API server (plandesk serve) and its admin commands, with the Node.js they run on, for Linux on ${values.cpu}`,
          private: true,
          homepage: root.homepage,
          bin: { plandesk: 'bin/plandesk.cjs' },
          dependencies,
        },
        null,
        2,
      )}\n`,
    );
    cpSync(join(ROOT, 'package-lock.json'), join(folder, 'package-lock.json'));
    // npm keeps the lock file's versions of what is still required and drops the rest.
    npm(['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--os=linux', `--cpu=${values.cpu}`], folder);
    const nodeFolder = join(folder, 'node_modules', nodePackage);
    if (!existsSync(join(nodeFolder, 'bin', 'node'))) fail(`npm did not install ${nodePackage}: the archive would have no Node.js`);
    // C headers for building native modules: nothing is built on a server.
    rmSync(join(nodeFolder, 'include'), { recursive: true, force: true });
    symlinkSync(`../node_modules/${nodePackage}/bin/node`, join(folder, 'bin', 'node'));
    symlinkSync('plandesk.cjs', join(folder, 'bin', 'plandesk'));

    mkdirSync(values.out, { recursive: true });
    const archive = join(resolve(values.out), `plandesk-server-${root.version}-linux-${values.cpu}.tar.gz`);
    run('tar', ['--create', '--gzip', '--owner=0', '--group=0', '--numeric-owner', `--file=${archive}`, `--directory=${work}`, 'plandesk'], ROOT);
    process.stdout.write(`${archive}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The chunks of out/main that `serve` and the admin commands can load, and the packages they require:
 * cli.js's own imports, those commands' chunks, the threads, and everything those require, at once or
 * on demand. cli.js's other commands are left out (run, they say they are not in this installation).
 */
function serverChunks() {
  const cli = readFileSync(join(MAIN, 'cli.js'), 'utf8');
  const commands = [...cli.matchAll(/require\("\.\/([^"]+)"\)/g)].map((match) => match[1]).filter((file) => SERVER_COMMANDS.test(file));
  if (!commands.some((file) => file.startsWith('serve-'))) fail("out/main/cli.js loads no serve chunk: the build's layout changed, and this script with it");
  const files = new Set(['cli.js']);
  const packages = new Set();
  const visit = (file, lazyToo) => {
    const text = readFileSync(join(MAIN, file), 'utf8');
    for (const [, lazy, target] of text.matchAll(/(Promise\.resolve\(\)\.then\(\(\) => )?require\("([^"]+)"\)/g)) {
      if (lazy && !lazyToo) continue;
      if (target.startsWith('./')) {
        const chunk = target.slice(2);
        if (!files.has(chunk)) {
          files.add(chunk);
          visit(chunk, chunk !== 'cli.js');
        }
      } else if (!target.startsWith('node:')) {
        packages.add(target.startsWith('@') ? target.split('/').slice(0, 2).join('/') : target.split('/')[0]);
      }
    }
  };
  visit('cli.js', false);
  for (const start of [...commands, ...THREADS]) {
    files.add(start);
    visit(start, true);
  }
  const missing = [...files].filter((file) => !existsSync(join(MAIN, file)));
  if (missing.length > 0) fail(`out/main lacks ${missing.join(', ')}: run \`npm run build\``);
  return { files: [...files].sort(), packages };
}

/** npm, on the Node.js running this script when npm started it (npm run), so that its engine checks see the Node.js the server runs on. */
function npm(args, cwd) {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.js$/.test(execPath)) run(process.execPath, [execPath, ...args], cwd);
  else run('npm', args, cwd);
}

function run(command, args, cwd) {
  // Their output goes to standard error: standard output is the archive's path alone.
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 2, 2] });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args[0]} failed (exit ${result.status})`);
}

/** What stops the packing, said in one line. */
class PackError extends Error {}

function fail(message) {
  throw new PackError(message);
}

try {
  main();
} catch (error) {
  if (!(error instanceof PackError)) throw error;
  process.stderr.write(`pack-server: ${error.message}\n`);
  process.exitCode = 1;
}
