// Transport hardening of the HTTP server: refusals from the headers before any body is read,
// connections per client address, token expiry and the access log's rotation.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RotatingLog } from '../../main/http/access-log.js';
import { issueTokenFor } from '../../main/service/accounts.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;

beforeAll(async () => {
  h = await startApi({ connectionsPerClient: 3 });
});
afterAll(() => h.close());

/** A raw connection to the server, collecting what it answers until it closes. */
function openSocket(): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(h.server.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('requests refused from their headers, before the body is read', () => {
  it.each([
    ['without credentials', '', messages.noCredentials],
    ['with an unknown token', `Authorization: Token ${'f'.repeat(40)}\r\n`, messages.invalidToken],
  ])('answers a 900 KB POST %s with 401 before the body is sent, and closes the connection', async (_what, authorization, detail) => {
    const before = await h.digest();
    const { socket, received, closed } = await openSocket();
    socket.write(`POST /employers/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${authorization}Content-Length: ${900 * 1024}\r\n\r\n`);
    await until(() => received().includes('\r\n\r\n{'), 'the answer');
    expect(received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(received()).toContain(JSON.stringify({ detail }));
    socket.end();
    await closed;
    expect(await h.digest()).toBe(before);
  });

  it('answers a body declared over the limit with 413 before it is sent', async () => {
    const { socket, received, closed } = await openSocket();
    socket.write(`POST /employers/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${h.admin.token}\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`);
    await until(() => received().includes('\r\n\r\n{'), 'the answer');
    expect(received()).toMatch(/^HTTP\/1\.1 413 /);
    socket.end();
    await closed;
  });
});

describe('connections per client address', () => {
  it('closes a connection beyond the cap at once and keeps serving the others', async () => {
    const held = [await openSocket(), await openSocket(), await openSocket()];
    const extra = await openSocket();
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const { socket } of held) socket.end();
    await Promise.all(held.map(({ closed }) => closed));
    expect((await h.request('GET', '/divisions/list/')).status).toBe(200);
  });
});

describe('token expiry', () => {
  it('accepts a token until it expires, then answers 401 "Invalid token."', async () => {
    const token = await issueTokenFor(h.context, h.admin.email, { expiresInDays: 7 });
    expect((await h.request('GET', '/divisions/list/', undefined, token)).status).toBe(200);
    h.clock.advanceDays(6);
    expect((await h.request('GET', '/divisions/list/', undefined, token)).status).toBe(200);
    h.clock.advanceDays(2);
    const refused = await h.request('GET', '/divisions/list/', undefined, token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: messages.invalidToken });
    expect((await h.request('GET', '/divisions/list/')).status).toBe(200);
  });
});

describe('the access log', () => {
  it('rotates by size into FILE.1 .. FILE.3, dropping the oldest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plandesk-access-log-'));
    try {
      const file = join(dir, 'access.log');
      const log = new RotatingLog(file, 100);
      for (let index = 0; index < 20; index += 1) log.write(`line ${String(index).padStart(2, '0')} ${'x'.repeat(30)}`);
      log.close();
      for (const name of [file, `${file}.1`, `${file}.2`, `${file}.3`]) {
        expect(existsSync(name), name).toBe(true);
        expect(readFileSync(name).length).toBeLessThanOrEqual(100);
      }
      expect(existsSync(`${file}.4`)).toBe(false);
      expect(readFileSync(file, 'utf8')).toContain('line 19');
      expect(readFileSync(`${file}.1`, 'utf8')).not.toContain('line 19');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
