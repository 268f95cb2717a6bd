#!/usr/bin/env -S node --max-semi-space-size=8
'use strict';
// The `plandesk` command (package.json "bin"): the compiled CLI that `npm install` builds into out/
// (the `prepare` script; `npm run build` rebuilds it). No TypeScript loader at run time.
//
// The #! line caps V8's young generation at 8 MB a semi-space. Node 24 lets it grow with the
// machine's memory (to 64 MB here, on 24 GiB), so a command that streams many records (a pull of
// 100,000 plans, a large import) kept ~150 MB more resident than one of 10,000 while holding no
// more live data; capped, its peak stays flat, for a few percent more time spent collecting.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

// better-sqlite3's Node-API binary needs Node 22 or later and crashes an older Node with a
// segmentation fault, not an error; the project runs on Node 24, which `npm install` brings.
const OLDEST_NODE_MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < OLDEST_NODE_MAJOR) {
  // The server release (`npm run pack:server`) carries its Node.js beside this file.
  const carried = join(__dirname, 'node');
  const how = existsSync(carried)
    ? `run it as \`${carried} ${__filename}\`, or with ${__dirname} first on PATH`
    : `in the PlanDesk folder, \`npx plandesk\` runs it on the Node.js ${OLDEST_NODE_MAJOR} that \`npm install\` brings`;
  process.stderr.write(`plandesk: needs Node.js ${OLDEST_NODE_MAJOR} or later, and this is Node.js ${process.versions.node}; ${how}.\n`);
  process.exit(1);
}

const compiled = join(__dirname, '..', 'out', 'main', 'cli.js');
if (!existsSync(compiled)) {
  process.stderr.write('plandesk: the command is not built (out/main/cli.js is missing); run `npm run build` in the PlanDesk folder.\n');
  process.exit(1);
}
// V8's compiled code for the CLI's modules is kept on disk (Node's own cache, under the system's
// temporary folder, keyed by file contents and Node version): each command starts in about half
// the time it takes to compile them again. A cache that cannot be written is skipped silently.
require('node:module').enableCompileCache();
require(compiled);
