#!/usr/bin/env node
'use strict';
// The `plandesk` command (package.json "bin"): the compiled CLI that `npm install` builds into out/
// (the `prepare` script; `npm run build` rebuilds it). No TypeScript loader at run time.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const compiled = join(__dirname, '..', 'out', 'main', 'cli.js');
if (!existsSync(compiled)) {
  process.stderr.write('plandesk: the command is not built (out/main/cli.js is missing); run `npm run build` in the PlanDesk folder.\n');
  process.exit(1);
}
require(compiled);
