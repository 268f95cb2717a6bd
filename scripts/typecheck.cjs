// Typechecks each TypeScript project with TypeScript 7 (the `typescript` package is 6, for
// typescript-eslint's API). Each project sees only its own runtime: main, preload, tests and bench
// (Node, no DOM); shared (neither); the renderer (the DOM); the chromium-driving tests (both).
// Every project is checked even when an earlier one fails, so one run shows every error.
const { spawnSync } = require('node:child_process');
const { dirname, join } = require('node:path');

const tsc = join(dirname(require.resolve('typescript-7/package.json')), 'bin', 'tsc');
const projects = ['tsconfig.json', 'tsconfig.shared.json', 'tsconfig.web.json', 'tsconfig.browser-tests.json'];

const failed = projects.filter((project) => spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' }).status !== 0);
if (failed.length > 0) {
  console.error(`typecheck: errors in ${failed.join(', ')}`);
  process.exit(1);
}
