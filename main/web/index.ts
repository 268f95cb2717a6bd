// `npm run web`: the renderer in a plain browser, over loopback, against the same core as the app.
// Options: --port N (default: any free port). The workspace is PLANDESK_WORKSPACE or the app's own.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AppCore } from '../app/app-core.js';
import { workspaceKeyCipher } from '../sync/token-cipher.js';
import { defaultWorkspaceDir } from '../workspace/default-dir.js';
import { startWebServer } from './web-server.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`plandesk web: --port must be a port number, not "${values.port}"`);
    return 2;
  }
  // Compiled to out/main/web.js, beside out/renderer.
  const rendererDir = join(__dirname, '../renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    console.error('plandesk web: the renderer is not built; run `npm run build` first (`npm run web` does).');
    return 1;
  }
  const dir = defaultWorkspaceDir();
  const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
  const server = await startWebServer({ core, rendererDir, port, log: (line) => console.error(line) });
  console.log(`PlanDesk web mode, workspace ${dir}`);
  console.log(`Open ${server.url}`);
  console.log('Loopback only; the address carries this launch\'s secret. Ctrl-C stops.');
  // A running sync is cancelled first: its request then answers, so closing the server need not wait for the push.
  const stop = () => {
    void core.shutdown().then(() => server.close()).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

void main().then((code) => {
  if (code !== 0) process.exit(code);
});
