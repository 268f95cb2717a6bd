#!/usr/bin/env node
'use strict';
// The `plandesk` command (package.json "bin"). The sources are TypeScript, run through tsx's
// CommonJS hook (tsx 4: `tsx/cjs/api` register()), so a checkout works after `npm install`
// without a build step.
require('tsx/cjs/api').register();
require('../main/cli/index.ts');
