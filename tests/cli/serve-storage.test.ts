// `plandesk serve` when its database goes bad under it: a page overwritten while it runs, a disk
// that fills before it stops. It keeps answering (503 with the sentence for what needs the
// damaged part, the rest as usual), says once in its log what to do, never prints a stack trace,
// closes with the sentence, and refuses to start again on a damaged file.
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { canMount, mountTmpfs, type Tmpfs } from '../support/mounts.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';
import { validEmployerBody } from '../support/fixtures.js';

/** Said of the server's file, not of a workspace: `plandesk check` and `restore` are the workspace's tools. */
const damagedSentence = (file: string) =>
  `the server's database ${file} is damaged: stop \`plandesk serve\`, put your last backup of the file in its place, and start it again`;

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'plandesk-serve-storage-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Served {
  token: string;
  division: string;
}

async function bootstrap(dbFile: string): Promise<Served> {
  const result = await runPlandesk(['admin', 'bootstrap', '--db', dbFile, '--account', 'Acme', '--email', 'admin@acme.example.com', '--division', 'West']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Served;
}

function client(serve: ServeChild, served: Served) {
  const headers = { authorization: `Token ${served.token}`, 'content-type': 'application/json' };
  return {
    get: (path: string) => fetch(`${serve.url}${path}`, { headers }),
    post: (path: string, body: unknown) => fetch(`${serve.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    postEmployer: (name: string) =>
      fetch(`${serve.url}/employers/`, {
        method: 'POST',
        headers,
        body: JSON.stringify(
          validEmployerBody(served.division, { name, url: `https://${name.toLowerCase().replace(/ /g, '-')}.example.com`, other_filters: [] }),
        ),
      }),
  };
}

/** Overwrites the page where a table's rows start, as a failing disk might. */
function damageTable(dbFile: string, table: string): void {
  const db = new Database(dbFile, { readonly: true });
  const page = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').pluck().get(table) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(dbFile, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
}

describe('a page of the database overwritten while serve runs', () => {
  it('answers 503 with the sentence where it needs the page, the rest as usual, stays up, and says once what to do', async () => {
    const dbFile = join(root, 'damaged.db');
    const served = await bootstrap(dbFile);
    const first = await startServeChild(dbFile);
    for (const index of [1, 2, 3]) expect((await client(first, served).postEmployer(`Before ${index}`)).status).toBe(200);
    expect(await first.stop()).toBe(0);

    const serve = await startServeChild(dbFile);
    const api = client(serve, served);
    // serve listens once its writer has its connection: the damage comes after both opened the file.
    damageTable(dbFile, 'divisions');
    for (const index of [1, 2, 3, 4, 5]) {
      const post = await api.post('/divisions/', { name: `East ${index}`, users: [], employer_ids: [] });
      expect(post.status).toBe(503);
      expect(await post.json()).toEqual({ detail: damagedSentence(dbFile) });
    }
    for (const path of ['/filters/list/', '/employers/list/']) {
      const read = await api.get(path);
      expect(read.status, path).toBe(200);
      expect(((await read.json()) as unknown[]).length).toBeGreaterThan(0);
    }
    expect(serve.child.exitCode).toBeNull();

    expect(await serve.stop()).toBe(0);
    const log = serve.stderr();
    expect(log).not.toMatch(/^\s+at /m);
    expect(log.split('\n').filter((line) => line.includes(`storage: ${damagedSentence(dbFile)}`))).toHaveLength(1);
    expect(log).not.toMatch(/workspace/);
    expect(log).toMatch(/ POST \/divisions\/ 503 /);
  }, 60_000);

  it('is refused when serve starts on it again, instead of being approved when it closed', async () => {
    const dbFile = join(root, 'damaged.db');
    const restart = await runPlandesk(['serve', '--db', dbFile, '--port', '0']);
    expect(restart.code).toBe(1);
    expect(restart.stderr.trim()).toBe(`plandesk serve: ${damagedSentence(dbFile)}`);
  });
});

describe.skipIf(!canMount)('a disk that fills while serve runs', () => {
  let mount: Tmpfs;
  beforeAll(() => {
    mount = mountTmpfs(4096);
  });
  afterAll(() => mount.unmount());

  it('on SIGTERM, closes the database and says the disk is full in one line, exit 1, without a stack trace', async () => {
    const dbFile = join(mount.dir, 'full.db');
    const served = await bootstrap(dbFile);
    const serve = await startServeChild(dbFile);
    expect((await client(serve, served).get('/divisions/list/')).status).toBe(200);
    mount.fill();
    const code = await serve.stop();
    const log = serve.stderr();
    expect(code, log).toBe(1);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log.trimEnd().split('\n').at(-1)).toBe(
      "closed, but the tokens' last use times of the last minute were not saved: the disk is full: free some space and try again; nothing was saved",
    );
    expect(
      readdirSync(mount.dir)
        .filter((name) => name.startsWith('full.db-'))
        .sort(),
    ).not.toContain('full.db-shm');
  }, 60_000);
});
