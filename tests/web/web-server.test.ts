// Web mode's loopback server: static renderer files with a CSP, and the bridge behind a per-launch
// secret, our own Host and our own Origin. Requests go through node:http, which (unlike fetch) lets
// a test send any Host header.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { startServer, type RunningServer } from '../../main/http/server.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import type { Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { startWebServer, type RunningWebServer } from '../../main/web/web-server.js';
import type { SyncProgressEvent } from '../../shared/bridge.js';
import { validEmployerBody } from '../support/fixtures.js';
import { sendToLoopback, type LoopbackReply, type LoopbackRequest } from '../support/loopback-http.js';

const INDEX_HTML =
  '<!doctype html><html><head><title>PlanDesk</title></head><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>';
const X_JS = 'console.log("x");\n';
const OUTSIDE = 'outside the renderer folder';

let dir: string;
let rendererDir: string;
let core: AppCore;
let server: RunningWebServer;
let secret: string;
const logged: string[] = [];

/** A request to the web server under test (or, with `port`, another on loopback). */
const send = (request: LoopbackRequest): Promise<LoopbackReply> => sendToLoopback({ port: server.port, ...request });

/** A bridge call as web-bridge.ts makes it; `headers` override or add to the right ones. */
function bridge(method: string, args: unknown, headers: Record<string, string> = {}): Promise<LoopbackReply> {
  return send({
    method: 'POST',
    path: `/bridge/${method}`,
    headers: { 'content-type': 'application/json', 'x-plandesk-secret': secret, ...headers },
    body: JSON.stringify(args),
  });
}

const draftCount = async () => ((await core.invoke('drafts', [])) as unknown[]).length;
const newDraft = () => ({ id: crypto.randomUUID(), form: 'employer', title: 'Draft', detail: '', state: { a: 1 } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-web-'));
  rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(rendererDir, 'assets', 'x.js'), X_JS);
  writeFileSync(join(dir, 'outside.txt'), OUTSIDE);
  core = new AppCore({ dir: join(dir, 'ws'), tokenCipher: workspaceKeyCipher });
  await core.invoke('setupWorkspace', [{ account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' }]);
  server = await startWebServer({ core, rendererDir, log: (line) => logged.push(line) });
  secret = /#secret=([\w-]+)$/.exec(server.url)![1]!;
});

afterAll(async () => {
  await server?.close();
  core?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('gives a loopback address carrying the secret in its fragment', () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/#secret=[\\w-]{20,}$`));
  });

  it('serves index.html at / with the CSP header', async () => {
    const reply = await send({ path: '/' });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(INDEX_HTML);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = reply.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets with their content type, and HEAD without a body', async () => {
    const js = await send({ path: '/assets/x.js' });
    expect(js).toMatchObject({ status: 200, text: X_JS });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['content-security-policy']).toBeDefined();
    expect(await send({ method: 'HEAD', path: '/' })).toMatchObject({ status: 200, text: '' });
    expect((await send({ path: '/assets/x.js?v=1' })).text).toBe(X_JS);
  });

  it('answers 404 to missing files and folders', async () => {
    expect((await send({ path: '/missing.js' })).status).toBe(404);
    expect((await send({ path: '/assets/' })).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    const attempts = [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/..%2fpackage.json',
      '/%2e%2e%2f%2e%2e%2fpackage.json',
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/../../outside.txt',
      '/assets/%2e%2e/%2e%2e/outside.txt',
      '/..\\outside.txt',
      `/${'%2e%2e/'.repeat(12)}etc/passwd`,
      '/%00',
      '/index.html%00.js',
    ];
    for (const path of attempts) {
      const reply = await send({ path });
      expect([400, 404], `${path} → ${reply.status}`).toContain(reply.status);
      expect(reply.text).not.toContain(OUTSIDE);
      expect(reply.text).not.toContain('"name": "plandesk"');
      expect(reply.text).not.toContain('root:');
    }
    expect((await send({ path: '/../package.json' })).status).toBe(404);
    expect((await send({ path: '/%2e%2e/package.json' })).status).toBe(404);
  });

  it('serves the same whichever way the renderer folder is spelled (trailing slash, relative)', async () => {
    for (const spelling of [`${rendererDir}/`, relative(process.cwd(), rendererDir)]) {
      const other = await startWebServer({ core, rendererDir: spelling });
      try {
        expect((await send({ path: '/', port: other.port })).text, spelling).toBe(INDEX_HTML);
        expect((await send({ path: '/assets/x.js', port: other.port })).text, spelling).toBe(X_JS);
        expect((await send({ path: '/../outside.txt', port: other.port })).status, spelling).toBe(404);
      } finally {
        await other.close();
      }
    }
  });

  it('refuses to write', async () => {
    expect((await send({ method: 'POST', path: '/index.html', body: 'x' })).status).toBe(405);
    expect((await send({ method: 'PUT', path: '/assets/x.js', body: 'x' })).status).toBe(405);
    expect(readFileSync(join(rendererDir, 'assets', 'x.js'), 'utf8')).toBe(X_JS);
  });
});

describe('the bridge', () => {
  it('answers a call with the right secret', async () => {
    const status = await bridge('workspace', []);
    expect(status.status).toBe(200);
    expect(status.headers['content-type']).toBe('application/json');
    expect(status.json).toMatchObject({ result: { ready: true, account: 'Acme Brokers', user: { email: 'broker@example.com' } } });
    expect((await bridge('call', ['GET', '/divisions/list/'])).json).toEqual({ result: { status: 200, body: [{ id: expect.any(String), name: 'Main' }] } });
  });

  it('carries drafts: save, list, read, delete (void answers null)', async () => {
    const draft = newDraft();
    expect((await bridge('saveDraft', [draft])).json).toMatchObject({ result: { status: 200, body: { id: draft.id } } });
    expect((await bridge('drafts', [])).json.result.map((d: { id: string }) => d.id)).toContain(draft.id);
    expect((await bridge('readDraft', [draft.id])).json.result).toMatchObject({ state: { a: 1 } });
    expect((await bridge('deleteDraft', [draft.id])).json).toEqual({ result: null });
    expect((await bridge('readDraft', [draft.id])).json).toEqual({ result: null });
  });

  it('refuses a call without the secret or with a wrong one (403), with no effect', async () => {
    const before = await draftCount();
    const wrongSameLength = secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const headers of [
      { 'x-plandesk-secret': '' },
      { 'x-plandesk-secret': wrongSameLength },
      { 'x-plandesk-secret': `${secret}x` },
      { 'x-plandesk-secret': secret.slice(1) },
    ]) {
      const reply = await bridge('saveDraft', [newDraft()], headers);
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(reply.text).not.toContain(secret);
    }
    const missing = await send({
      method: 'POST',
      path: '/bridge/saveDraft',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([newDraft()]),
    });
    expect(missing.status).toBe(403);
    // The secret in a query string or cookie does not count either.
    expect(
      (
        await send({
          method: 'POST',
          path: `/bridge/saveDraft?secret=${secret}`,
          headers: { 'content-type': 'application/json', cookie: `secret=${secret}` },
          body: JSON.stringify([newDraft()]),
        })
      ).status,
    ).toBe(403);
    expect((await send({ path: '/bridge/events' })).status).toBe(403);
    expect(await draftCount()).toBe(before);
  });

  it('refuses any other Host (421), also for static files', async () => {
    const before = await draftCount();
    for (const host of [
      `evil.example:${server.port}`,
      '127.0.0.1',
      `127.0.0.1:${server.port + 1}`,
      `localhost.evil.example:${server.port}`,
      `[::1]:${server.port}`,
    ]) {
      expect((await bridge('saveDraft', [newDraft()], { host })).status, host).toBe(421);
      expect((await send({ path: '/', headers: { host } })).status, host).toBe(421);
    }
    expect(await draftCount()).toBe(before);
    expect((await bridge('workspace', [], { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('refuses a foreign Origin (403) and accepts our own', async () => {
    const before = await draftCount();
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${server.port}`,
      'null',
      `https://127.0.0.1:${server.port}`,
      `http://127.0.0.1:${server.port + 1}`,
    ]) {
      expect((await bridge('saveDraft', [newDraft()], { origin })).status, origin).toBe(403);
    }
    expect(await draftCount()).toBe(before);
    expect((await bridge('workspace', [], { origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await bridge('workspace', [], { origin: `http://localhost:${server.port}` })).status).toBe(200);
  });

  it('accepts only application/json bodies (415 otherwise): no simple cross-site POST', async () => {
    const before = await draftCount();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await bridge('saveDraft', [newDraft()], { 'content-type': type })).status, type).toBe(415);
    }
    const untyped = await send({ method: 'POST', path: '/bridge/saveDraft', headers: { 'x-plandesk-secret': secret }, body: JSON.stringify([newDraft()]) });
    expect(untyped.status).toBe(415);
    expect(await draftCount()).toBe(before);
  });

  it('answers 400 to malformed calls', async () => {
    const raw = (method: string, body: string) =>
      send({ method: 'POST', path: `/bridge/${method}`, headers: { 'content-type': 'application/json', 'x-plandesk-secret': secret }, body });
    expect((await raw('workspace', 'not json')).status).toBe(400);
    expect((await raw('workspace', '')).status).toBe(400);
    expect((await raw('workspace', '{}')).status).toBe(400);
    expect((await bridge('workspace', [1])).status).toBe(400);
    expect((await bridge('nope', [])).status).toBe(400);
    expect((await bridge('__proto__', [])).status).toBe(400);
    expect((await bridge('', [])).status).toBe(400);
    expect((await bridge('call', ['GET'])).status).toBe(400);
    expect((await bridge('readDraft', ['not-a-uuid'])).status).toBe(400);
    const reply = await bridge('call', ['GET', '/divisions/list/', null, { userId: 'someone' }]);
    expect(reply).toMatchObject({ status: 400, json: { detail: expect.stringMatching(/Malformed/) } });
  });

  it('answers 413 to a body over 2 MiB, with no effect', async () => {
    const before = await draftCount();
    const huge = await send({
      method: 'POST',
      path: '/bridge/saveDraft',
      headers: { 'content-type': 'application/json', 'x-plandesk-secret': secret },
      body: JSON.stringify([{ ...newDraft(), state: 'x'.repeat(2 * 1024 * 1024) }]),
    });
    expect(huge.status).toBe(413);
    expect(await draftCount()).toBe(before);
  });

  it('answers 405 to a bridge method called with GET', async () => {
    expect((await send({ path: '/bridge/workspace', headers: { 'x-plandesk-secret': secret } })).status).toBe(405);
  });

  it('answers an unexpected failure 500 with an id that names its line in the log, which holds no argument of the call', async () => {
    const invoke = core.invoke.bind(core);
    core.invoke = () => Promise.reject(new Error('the disk went away'));
    try {
      const reply = await bridge('call', ['POST', '/employers/', { name: 'Body Text Never Logged' }]);
      const id = /^Internal error \(error ([2-9A-Z]{6}), in the log\)\.$/.exec(reply.json.detail)?.[1];
      expect(reply.status).toBe(500);
      expect(id).toBeDefined();
      const line = logged.find((entry) => entry.includes(`[${id}]`));
      expect(line).toMatch(/^web: \[[2-9A-Z]{6}\] POST \/bridge\/call: Error: the disk went away/);
      expect(line).not.toContain('Body Text Never Logged');
    } finally {
      core.invoke = invoke;
    }
  });

  it('logs nothing carrying the secret', () => {
    for (const line of logged) expect(line).not.toContain(secret);
  });
});

describe('sync progress over /bridge/events', () => {
  let remoteDb: Db;
  let remote: RunningServer;
  let token: string;

  beforeAll(async () => {
    remoteDb = await openDatabase(join(dir, 'remote.db'));
    const context = createContext(remoteDb);
    token = (await bootstrap(context, { account: 'Hosted', email: 'admin@hosted.example.com', division: 'Main' })).token;
    remote = await startServer({ db: remoteDb, router: createRouter(context), port: 0 });
  });

  afterAll(async () => {
    await remote?.close();
    await remoteDb?.close();
  });

  it('streams the progress of a sync started through the bridge as NDJSON', async () => {
    expect((await bridge('saveEnvironment', [{ name: 'staging', url: `${remote.url}/`, token }])).json).toEqual({
      result: { status: 200, body: { name: 'staging' } },
    });
    const environments = (await bridge('environments', [])).json.result;
    expect(environments).toEqual([expect.objectContaining({ name: 'staging', pending: 0 })]);
    expect(JSON.stringify(environments)).not.toContain(token);
    const [main] = (await bridge('call', ['GET', '/divisions/list/'])).json.result.body;
    const created = await bridge('call', [
      'POST',
      '/employers/',
      validEmployerBody(main.id, { name: 'Hooli', url: 'https://hooli.example.com', other_filters: [] }),
    ]);
    expect(created.json.result.status).toBe(200);

    const events: SyncProgressEvent[] = [];
    let contentType: string | undefined;
    const stream = httpRequest({
      host: '127.0.0.1',
      port: server.port,
      path: '/bridge/events',
      agent: false,
      headers: { host: `127.0.0.1:${server.port}`, 'x-plandesk-secret': secret },
    });
    const opened = new Promise<void>((done, fail) => {
      stream.on('error', fail);
      stream.on('response', (res) => {
        contentType = res.headers['content-type'];
        let pending = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          pending += chunk;
          const lines = pending.split('\n');
          pending = lines.pop()!;
          for (const line of lines) if (line) events.push(JSON.parse(line) as SyncProgressEvent);
        });
        res.on('error', () => {});
        done();
      });
    });
    stream.end();
    await opened;
    try {
      const result = await bridge('sync', ['staging']);
      expect(result.json.result).toMatchObject({ status: 200, body: { failed: 0, pending: 0 } });
      expect(result.json.result.body.pushed).toBeGreaterThanOrEqual(1);
      await expect.poll(() => events.at(-1)?.done, { timeout: 5_000 }).toBe(result.json.result.body.pushed);
      expect(contentType).toBe('application/x-ndjson');
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event).toMatchObject({ env: 'staging', total: expect.any(Number), done: expect.any(Number), failed: 0 });
      expect(events.at(-1)).toMatchObject({ total: result.json.result.body.pushed });
    } finally {
      stream.destroy();
    }
  });
});
