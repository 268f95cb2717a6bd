// `serve` behind a reverse proxy (README "Run an agency server"): idle connections kept longer than
// the proxy keeps its own (65 s unless told), and with --trust-proxy the client's address taken from
// X-Forwarded-For, only on connections from those proxies, for the access log, the connection limit
// and the rate limit. The test's "proxy" connects from 127.0.0.2 (any 127.x address is this machine);
// 127.0.0.1 plays a client that reaches serve directly and writes X-Forwarded-For itself.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustedProxies } from '../../main/http/client-address.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, type ApiHarness } from '../support/api-server.js';

const PROXY = '127.0.0.2';
const DIRECT = '127.0.0.1';

/** One request to `h` from `address` (its connection's own), with the headers given, on a connection of its own. */
function from(h: ApiHarness, address: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: { detail?: string } }>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: h.server.port, path, headers, localAddress: address, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as { detail?: string } }));
    });
    outgoing.on('error', reject).end();
  });
}

describe('which address is the client', () => {
  const proxies = new TrustedProxies(['127.0.0.2', '10.0.0.0/8', '::1'], '--trust-proxy');

  it('is the connection when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(proxies.clientOf('192.0.2.10', '203.0.113.9')).toBe('192.0.2.10');
  });

  it('is the right-most address of X-Forwarded-For that is not a trusted proxy, as proxies append', () => {
    expect(proxies.clientOf('127.0.0.2', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(proxies.clientOf('127.0.0.2', '203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(proxies.clientOf('::ffff:127.0.0.2', ['198.51.100.1', '203.0.113.9:4711'])).toBe('203.0.113.9');
    expect(proxies.clientOf('::1', '[2001:db8::7]:443')).toBe('2001:db8::7');
  });

  it('is the last trusted hop when the header names no other, or the proxy when it has none or garbage', () => {
    expect(proxies.clientOf('127.0.0.2', '10.9.9.9')).toBe('10.9.9.9');
    expect(proxies.clientOf('127.0.0.2', undefined)).toBe('127.0.0.2');
    expect(proxies.clientOf('127.0.0.2', 'unknown')).toBe('127.0.0.2');
    expect(proxies.clientOf('127.0.0.2', '203.0.113.9, not-an-address, 10.1.2.3')).toBe('10.1.2.3');
  });

  it('refuses a --trust-proxy entry that is not an address or network, in one sentence', () => {
    expect(() => new TrustedProxies(['nginx.internal'], 'PLANDESK_TRUST_PROXY')).toThrow(
      'PLANDESK_TRUST_PROXY takes IP addresses or networks, such as 127.0.0.1, ::1 or 10.0.0.0/8 (got "nginx.internal")',
    );
    expect(() => new TrustedProxies(['10.0.0.0/33'], '--trust-proxy')).toThrow(/got "10\.0\.0\.0\/33"/);
  });
});

describe('the access log behind a trusted proxy', () => {
  let h: ApiHarness;
  const lines: string[] = [];
  beforeAll(async () => {
    h = await startApi({ trustProxy: [PROXY], log: (line) => lines.push(line) });
  });
  afterAll(() => h.close());

  it("names the client X-Forwarded-For gives on the proxy's connections", async () => {
    await from(h, PROXY, '/healthz', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' });
    expect(lines.at(-1)).toMatch(/^\S+ 203\.0\.113\.9 GET \/healthz 200 /);
  });

  it('ignores a spoofed X-Forwarded-For from an address that is not a trusted proxy', async () => {
    await from(h, DIRECT, '/healthz', { 'x-forwarded-for': '203.0.113.9' });
    expect(lines.at(-1)).toMatch(/^\S+ 127\.0\.0\.1 GET \/healthz 200 /);
  });
});

describe('without --trust-proxy', () => {
  let h: ApiHarness;
  const lines: string[] = [];
  beforeAll(async () => {
    h = await startApi({ log: (line) => lines.push(line) });
  });
  afterAll(() => h.close());

  it('ignores X-Forwarded-For from any address, and keeps idle connections 65 s', async () => {
    const answer = await from(h, PROXY, '/healthz', { 'x-forwarded-for': '203.0.113.9', connection: 'keep-alive' });
    expect(lines.at(-1)).toMatch(/^\S+ 127\.0\.0\.2 GET \/healthz 200 /);
    expect(answer.headers['keep-alive']).toBe('timeout=65');
  });
});

describe('--keep-alive-timeout', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi({ keepAliveTimeoutS: 120 });
  });
  afterAll(() => h.close());

  it('keeps an idle connection as long as told, and says so', async () => {
    expect((await from(h, DIRECT, '/healthz', { connection: 'keep-alive' })).headers['keep-alive']).toBe('timeout=120');
  });
});

describe('the rate limit behind a trusted proxy', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi({ rateLimit: { requests: 2, seconds: 600 }, trustProxy: [PROXY] });
  });
  afterAll(() => h.close());
  const badToken = { authorization: `Token ${'f'.repeat(40)}` };

  it('counts requests without a valid token by client address, each client behind the proxy on its own', async () => {
    expect((await from(h, PROXY, '/divisions/list/', { ...badToken, 'x-forwarded-for': '198.51.100.7' })).status).toBe(401);
    expect((await from(h, PROXY, '/divisions/list/', { ...badToken, 'x-forwarded-for': '198.51.100.7' })).status).toBe(401);
    expect((await from(h, PROXY, '/divisions/list/', { ...badToken, 'x-forwarded-for': '198.51.100.8' })).status).toBe(401);
    const third = await from(h, PROXY, '/divisions/list/', { ...badToken, 'x-forwarded-for': '198.51.100.7' });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ detail: messages.throttled(300) });
  });

  it('is not escaped by a spoofed X-Forwarded-For from an address that is not a trusted proxy', async () => {
    expect((await from(h, DIRECT, '/divisions/list/', { ...badToken, 'x-forwarded-for': '192.0.2.1' })).status).toBe(401);
    expect((await from(h, DIRECT, '/divisions/list/', { ...badToken, 'x-forwarded-for': '192.0.2.2' })).status).toBe(401);
    expect((await from(h, DIRECT, '/divisions/list/', { ...badToken, 'x-forwarded-for': '192.0.2.3' })).status).toBe(429);
  });

  it('still counts a valid token by its user, wherever it comes from', async () => {
    expect((await from(h, DIRECT, '/divisions/list/', { authorization: `Token ${h.admin.token}` })).status).toBe(200);
  });
});

/** A raw connection from `address`, collecting what it answers until it closes. */
function socketFrom(h: ApiHarness, address: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: h.server.port, host: '127.0.0.1', localAddress: address });
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the connection limit behind a trusted proxy', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi({ connectionsPerClient: 2, trustProxy: [PROXY] });
  });
  afterAll(() => h.close());

  const admin = () => ({ authorization: `Token ${h.admin.token}` });
  /** A write whose body is still on its way: a request in progress. */
  const startWrite = (socket: Socket, client: string) =>
    socket.write(
      `POST /employers/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${h.admin.token}\r\nContent-Type: application/json\r\nX-Forwarded-For: ${client}\r\nContent-Length: 100\r\n\r\n{`,
    );

  it("does not count the proxy's connections, and limits each client's requests in progress through it instead", async () => {
    const held = [await socketFrom(h, PROXY), await socketFrom(h, PROXY), await socketFrom(h, PROXY)];
    startWrite(held[0]!.socket, '203.0.113.9');
    startWrite(held[1]!.socket, '203.0.113.9');
    // Once serve has read both writes' headers, the client's third request at once is refused.
    let third = await from(h, PROXY, '/divisions/list/', { ...admin(), 'x-forwarded-for': '203.0.113.9' });
    for (const deadline = Date.now() + 5_000; third.status !== 429 && Date.now() < deadline;) {
      third = await from(h, PROXY, '/divisions/list/', { ...admin(), 'x-forwarded-for': '203.0.113.9' });
    }
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ detail: 'Too many requests at once from your address: at most 2.' });
    expect(third.headers['retry-after']).toBe('1');
    expect((await from(h, PROXY, '/divisions/list/', { ...admin(), 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
    expect(held[2]!.received()).toBe('');
    for (const { socket, closed } of held) {
      socket.destroy();
      await closed;
    }
    await until(async () => (await from(h, PROXY, '/divisions/list/', { ...admin(), 'x-forwarded-for': '203.0.113.9' })).status === 200, 'the writes to end');
  });

  it('closes a direct connection beyond the limit whatever X-Forwarded-For it would send', async () => {
    const held = [await socketFrom(h, DIRECT), await socketFrom(h, DIRECT)];
    const extra = await socketFrom(h, DIRECT);
    extra.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.10\r\n\r\n`);
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const { socket, closed } of held) {
      socket.end();
      await closed;
    }
  });
});
