// Loaded with `node -r` before the BUILT main bundle (out/main/index.js): the fake electron answers
// `require('electron')`, the window's preload is loaded as a sandboxed renderer loads it, and the
// bridge calls of $FAKE_ELECTRON_CALLS (JSON: [[method, ...args], ...]) are made through it one
// after the other, as the window makes them. Their answers (or `{ "error": message }`) are written
// as JSON to $FAKE_ELECTRON_REPORT when the app has quit. $FAKE_ELECTRON_KEYCHAIN, when set, is the
// folder standing for the user's OS secret service (safeStorage then seals and opens).
'use strict';
// Node loads a `-r` module into every worker thread too: the app's job thread runs the app's code
// alone, as in Electron (this harness there would quit it mid-job, with exit code 0).
if (!require('node:worker_threads').isMainThread) return;
const { writeFileSync } = require('node:fs');
const { createFakeElectron, installFakeElectron } = require('./fake-electron.cjs');

const { electron, control } = createFakeElectron({ packaged: true, appPath: process.cwd(), keychain: process.env.FAKE_ELECTRON_KEYCHAIN || undefined });
installFakeElectron(electron);
const answers = [];
control.onQuit = () => {
  writeFileSync(process.env.FAKE_ELECTRON_REPORT, JSON.stringify(answers));
  process.exit(0);
};

const waitFor = async (what, condition) => {
  for (let tries = 0; tries < 200; tries++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
};

// Electron emits `ready` after the main script has run.
setImmediate(async () => {
  try {
    control.ready();
    await waitFor('a window shown', () => control.windows.some((window) => window.visible));
    control.loadPreload(control.windows[0]);
    const bridge = control.exposed.get('plandesk');
    for (const [method, ...args] of JSON.parse(process.env.FAKE_ELECTRON_CALLS)) {
      try {
        answers.push(await bridge[method](...args));
      } catch (error) {
        answers.push({ error: String(error) });
      }
    }
  } catch (error) {
    answers.push({ error: `start-up: ${error.stack ?? error}` });
  }
  electron.app.quit();
});
