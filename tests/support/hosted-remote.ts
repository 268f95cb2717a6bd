// A hosted PlanDesk service in-process on loopback, with one bootstrapped account, in a fresh
// temporary folder that the test may also use for its own workspace and HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../main/http/server.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { openDatabase } from '../../main/store/open-database.js';

export interface HostedRemote {
  /** The temporary folder; the service's database is remote.db in it. */
  dir: string;
  server: RunningServer;
  /** The token of the account's admin (admin@hosted.example.com, division East). */
  token: string;
  /** Stops the server, closes its database and removes the folder. */
  close(): Promise<void>;
}

/** `prefix` names the temporary folder (e.g. 'plandesk-sync-cli-'). */
export async function startHostedRemote(prefix: string): Promise<HostedRemote> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = await openDatabase(join(dir, 'remote.db'), { server: true });
  const context = createContext(db);
  const { token } = await bootstrap(context, { account: 'Hosted', email: 'admin@hosted.example.com', division: 'East' });
  const server = await startServer({ db, router: createRouter(context), port: 0 });
  return {
    dir,
    server,
    token,
    close: async () => {
      await server.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
