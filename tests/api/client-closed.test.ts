// A client that goes away in the middle of sending its request is not a server error: the access
// log says what happened, in one line without a stack trace, and nothing is written.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validEmployerBody } from '../support/fixtures.js';
import { startApi, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;
const lines: string[] = [];

beforeAll(async () => {
  h = await startApi({ log: (line) => lines.push(line) });
});
afterAll(() => h.close());

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a request the client aborts while sending its body', () => {
  it('is logged as closed by the client, without a status, a stack or a 500, and writes nothing', async () => {
    const before = await h.digest();
    const body = JSON.stringify(validEmployerBody(h.admin.division, { other_filters: [] }));
    const socket = connect(h.server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const head = `POST /employers/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${h.admin.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    await new Promise((resolve) => socket.write(`${head}${body.slice(0, 20)}`, resolve));
    // The server has read the headers and waits for the rest of the body when the client leaves.
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await until(() => lines.length > 0, 'the log line');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\S+ \S+ POST \/employers\/ - [\d.]+ms the client closed the connection before sending its whole request$/);
    expect(await h.digest()).toBe(before);
  });

  it('leaves a finished request logged with its status, as before', async () => {
    lines.length = 0;
    expect((await h.request('GET', '/divisions/list/')).status).toBe(200);
    await until(() => lines.length > 0, 'the log line');
    expect(lines[0]).toMatch(/^\S+ \S+ GET \/divisions\/list\/ 200 [\d.]+ms$/);
  });
});
