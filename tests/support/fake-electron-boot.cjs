// Loaded with `node -r` before the BUILT main bundle (out/main/index.js): the fake electron answers
// `require('electron')`, and a desktop start-up is played as a person's first launch would play it.
// Everything seen is written as JSON to $FAKE_ELECTRON_REPORT when the app has quit; the boot test
// asserts on it.
'use strict';
// Node loads a `-r` module into every worker thread too: the app's job thread runs the app's code
// alone, as in Electron (this harness there would quit it mid-job, with exit code 0).
if (!require('node:worker_threads').isMainThread) return;
const { writeFileSync } = require('node:fs');
const { createFakeElectron, installFakeElectron } = require('./fake-electron.cjs');

const report = { errors: [], windows: [], channels: [], page: [], preloadRequires: [], exposed: [], calls: {}, paths: {}, progressEvents: 0 };
process.on('uncaughtException', (error) => report.errors.push(`uncaught exception: ${error.stack ?? error}`));
process.on('unhandledRejection', (error) => report.errors.push(`unhandled rejection: ${error?.stack ?? error}`));

// The app folder is the current one, as for `electron .`: its package.json names the app.
const { electron, control } = createFakeElectron({ packaged: true, appPath: process.cwd(), keychain: process.env.FAKE_ELECTRON_KEYCHAIN });
installFakeElectron(electron);
control.onQuit = () => {
  writeFileSync(process.env.FAKE_ELECTRON_REPORT, JSON.stringify(report));
  process.exit(0);
};

const waitFor = async (what, condition) => {
  for (let tries = 0; tries < 200; tries++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
};

/** The page and every script and style sheet it references, as the window would fetch them. */
async function fetchPage(handler, url) {
  const index = await handler(new Request(url));
  const html = await index.text();
  report.page.push({ url, status: index.status, type: index.headers.get('content-type') });
  const references = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map((match) => new URL(match[1], url).href);
  for (const reference of references) {
    const response = await handler(new Request(reference));
    report.page.push({ url: reference, status: response.status, type: response.headers.get('content-type'), bytes: (await response.arrayBuffer()).byteLength });
  }
}

// Electron emits `ready` after the main script has run.
setImmediate(async () => {
  try {
    control.ready();
    await waitFor('a window shown', () => control.windows.some((window) => window.visible));
    report.windows = control.windows.map((window) => ({ options: window.options, loaded: window.loaded, visible: window.visible }));
    report.channels = [...control.ipcHandlers.keys()];
    const [window] = control.windows;
    await fetchPage(control.protocolHandlers.get(new URL(window.url).protocol.slice(0, -1)), window.url);
    control.loadPreload(window);
    report.preloadRequires = control.requiredByPreload;
    const bridge = control.exposed.get('plandesk');
    report.exposed = Object.keys(bridge ?? {});
    report.calls.before = await bridge.workspace();
    report.calls.setup = await bridge.setupWorkspace({ account: 'Harbor Benefits', email: 'dana@harbor.example', division: 'Main' });
    report.calls.division = await bridge.call('POST', '/divisions/', { name: 'West', users: [], employer_ids: [] });
    report.calls.after = await bridge.workspace();
    // With a remote to reach (and the system's proxy settings, if any): save it as an environment and pull from it.
    if (process.env.FAKE_ELECTRON_REMOTE) {
      const { url, token } = JSON.parse(process.env.FAKE_ELECTRON_REMOTE);
      if (process.env.FAKE_ELECTRON_SYSTEM_PROXY) control.systemProxy = JSON.parse(process.env.FAKE_ELECTRON_SYSTEM_PROXY);
      report.calls.saveEnvironment = await bridge.saveEnvironment({ name: 'agency', url, token });
      report.calls.testConnection = await bridge.testConnection('agency');
      report.calls.pull = await bridge.pull('agency');
      report.resolvedProxies = control.resolvedProxies;
    }
    for (const name of ['userData', 'sessionData', 'crashDumps', 'logs']) report.paths[name] = electron.app.getPath(name);
  } catch (error) {
    report.errors.push(`start-up: ${error.stack ?? error}`);
  }
  electron.app.quit();
});
