// A real `plandesk serve` child as the remote of the sync center's end-to-end tests: a new
// database (a SQLite file, or a throw-away PostgreSQL database in the PostgreSQL project), an account made by `plandesk admin bootstrap` (its division is called 'Main', like the
// test workspace's, so the two are matched by name), and requests to it as its admin over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPlandesk } from '../../support/cli-run.js';
import { serveDatabase } from '../../support/postgres.js';
import { startServeChild, type ServeChild } from '../../support/serve-process.js';

export interface ServeRemote {
  url: string;
  token: string;
  division: string;
  /** One request as the remote's admin; fails unless the answer is 2xx. */
  ok(method: string, path: string, body?: unknown): Promise<any>;
  /** `plandesk admin bootstrap` of another account on the same server: its e-mail is then taken there. */
  bootstrapOther(email: string): Promise<void>;
  /** `plandesk admin token` for a user of the server (a regular user made through the API, say): the token. */
  tokenFor(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startServeRemote(): Promise<ServeRemote> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-e2e-remote-'));
  const database = await serveDatabase(dir, 'e2e_remote');
  const db = database.url;
  const bootstrap = async (account: string, email: string, division: string) => {
    const result = await runPlandesk(['admin', 'bootstrap', '--db', db, '--account', account, '--email', email, '--division', division], '', {
      env: { HOME: dir },
    });
    if (result.code !== 0) throw new Error(`admin bootstrap failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as { token: string; division: string };
  };
  const admin = await bootstrap('Acme Remote', 'admin@remote.example.com', 'Main');
  let serve: ServeChild;
  try {
    serve = await startServeChild(db);
  } catch (error) {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: serve.url,
    token: admin.token,
    division: admin.division,
    async ok(method, path, body) {
      const response = await fetch(`${serve.url}${path}`, {
        method,
        headers: { authorization: `Token ${admin.token}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`remote ${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    bootstrapOther: async (email) => void (await bootstrap('Other Brokers', email, 'Elsewhere')),
    async tokenFor(email) {
      const result = await runPlandesk(['admin', 'token', '--db', db, '--email', email], '', { env: { HOME: dir } });
      if (result.code !== 0) throw new Error(`admin token failed: ${result.stderr}`);
      return (JSON.parse(result.stdout) as { token: string }).token;
    },
    async close() {
      await serve.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
