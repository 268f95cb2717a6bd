// `npm run web -- [--workspace DIR] [--port N]`: the renderer in a plain browser, over loopback,
// against the same core as the app. The workspace is --workspace DIR, else $PLANDESK_WORKSPACE, else
// the app's own. Standard output carries exactly one line, `open URL`, once the server is ready.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AppCore } from '../app/app-core.js';
import { stopWhenNpmShellEnds } from '../cli/npm-parent.js';
import { sharedTokenCipher } from '../sync/keyring-cipher.js';
import { proxyFromVariables } from '../sync/network.js';
import { defaultWorkspaceDir } from '../workspace/default-dir.js';
import { startWebServer } from './web-server.js';

stopWhenNpmShellEnds();

const USAGE = 'usage: npm run web -- [--workspace DIR] [--port N]';

async function main(): Promise<number> {
  let values: { port: string; workspace?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string', default: '0' }, workspace: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    console.error(`plandesk web: ${(error as Error).message.split('\n')[0]} (${USAGE})`);
    return 2;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    console.error(`plandesk web: --port must be a port number, not "${values.port}"`);
    return 2;
  }
  if (values.workspace === '') {
    console.error(`plandesk web: --workspace needs a folder (${USAGE})`);
    return 2;
  }
  // Compiled to out/main/web.js, beside out/renderer.
  const rendererDir = join(__dirname, '../renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    console.error('plandesk web: the renderer is not built; run `npm run build` first (`npm run web` does).');
    return 1;
  }
  const dir = values.workspace !== undefined ? resolve(values.workspace) : defaultWorkspaceDir();
  const core = new AppCore({
    dir,
    tokenCipher: (workspaceDir) => sharedTokenCipher(workspaceDir, { warn: (line) => console.error(line) }),
    network: proxyFromVariables(process.env),
  });
  const server = await startWebServer({ core, rendererDir, port, log: (line) => console.error(line) });
  console.error(`PlanDesk web mode, workspace ${dir}`);
  console.error("Loopback only; the address carries this launch's secret. Ctrl-C stops.");
  console.log(`open ${server.url}`);
  // A running sync is cancelled first: its request then answers, so closing the server need not wait for the push.
  const stop = () => {
    core
      .shutdown()
      .then(() => server.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`plandesk web: stopping failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

// A start that fails (the port is taken, the workspace cannot be opened) is one line and exit code 1.
main().then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(`plandesk web: ${(error as Error).message}`);
    process.exit(1);
  },
);
