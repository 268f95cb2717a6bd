// Compression both ways (docs/api.md, "Compression"): answers in br or gzip when the request's
// Accept-Encoding asks (small ones plain), and request bodies taken gzipped or in br where the
// capabilities say so; a body that does not decompress, or decompresses past the limit, or comes in
// a coding the server does not take, is refused in words and writes nothing.
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody } from '../../main/http/compression.js';
import { BodyTooLarge } from '../../main/http/read-body.js';
import { EXTENSIONS, SYNC_LIMITS } from '../../shared/sync-wire.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';
import { validEmployerBody } from '../support/fixtures.js';

let h: ApiHarness;
let strict: ApiHarness;

beforeAll(async () => {
  [h, strict] = await Promise.all([startApi(), startApi({ strictApi: true })]);
  const employer = await h.createEmployer();
  for (let index = 0; index < 12; index += 1) await h.createPlan('medical', employer.id as string);
});
afterAll(() => Promise.all([h.close(), strict.close()]));

/** One request with the bytes of its answer as they came over the wire. */
async function exchange(harness: ApiHarness, method: string, path: string, headers: Record<string, string>, body?: Buffer | string) {
  const response = await request(`${harness.url}${path}`, {
    method: method as 'GET',
    headers: { authorization: `Token ${harness.admin.token}`, ...headers },
    ...(body !== undefined ? { body } : {}),
  });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  const header = (name: string) => response.headers[name] as string | undefined;
  return { status: response.statusCode, bytes, header };
}

function employerBody() {
  const name = unique('Compressed Employer ');
  return validEmployerBody(h.admin.division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [] });
}

const employerCount = async () => ((await h.request('GET', '/employers/list/')).body as unknown[]).length;

describe('answers', () => {
  it.each([
    ['gzip', 'gzip', gunzipSync],
    ['br', 'br', brotliDecompressSync],
    ['br, gzip', 'br', brotliDecompressSync],
    ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ['*', 'br', brotliDecompressSync],
  ] as const)('Accept-Encoding: %s answers the feed in %s, the same JSON, with Vary', async (accept, coding, decode) => {
    const plain = await exchange(h, 'GET', '/changes/', {});
    const compressed = await exchange(h, 'GET', '/changes/', { 'accept-encoding': accept });
    expect(compressed.status).toBe(200);
    expect(compressed.header('content-encoding')).toBe(coding);
    expect(compressed.header('vary')).toBe('Accept-Encoding');
    expect(Number(compressed.header('content-length'))).toBe(compressed.bytes.length);
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 5);
    // The same records (the cursor names the moment it was read, which on PostgreSQL moves between two reads).
    expect(JSON.parse(decode(compressed.bytes).toString('utf8')).changes).toEqual(JSON.parse(plain.bytes.toString('utf8')).changes);
  });

  it.each([undefined, 'identity', 'gzip;q=0, br;q=0', 'deflate'])('Accept-Encoding: %s answers plain JSON, with Vary', async (accept) => {
    const answer = await exchange(h, 'GET', '/changes/', accept === undefined ? {} : { 'accept-encoding': accept });
    expect(answer.header('content-encoding')).toBeUndefined();
    expect(answer.header('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(answer.bytes.toString('utf8'))).toMatchObject({ changes: expect.any(Array) });
  });

  it('answers a small body plain even when asked to compress', async () => {
    const answer = await exchange(h, 'GET', '/capabilities/', { 'accept-encoding': 'gzip' });
    expect(answer.header('content-encoding')).toBeUndefined();
    expect(answer.header('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(answer.bytes.toString('utf8'))).toMatchObject({ version: '2.2.1' });
  });

  it('answers a batch compressed, each result as a single request would have been', async () => {
    const operations = Array.from({ length: 5 }, (_, index) => ({
      method: 'POST',
      path: '/employers/',
      body: employerBody(),
      idempotency_key: `answer-${index}`,
    }));
    const answer = await exchange(h, 'POST', '/batch/', { 'content-type': 'application/json', 'accept-encoding': 'gzip' }, JSON.stringify({ operations }));
    expect(answer.header('content-encoding')).toBe('gzip');
    const { results } = JSON.parse(gunzipSync(answer.bytes).toString('utf8')) as { results: { status: number }[] };
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('a strict server answers compressed too (as the hosted service behind its proxy does)', async () => {
    const employer = await strict.createEmployer();
    const answer = await exchange(strict, 'GET', `/employers/${employer.id as string}/`, { 'accept-encoding': 'gzip' });
    // An employer with no plans is under a packet: plain.
    expect(answer.header('content-encoding')).toBeUndefined();
    expect(answer.header('vary')).toBe('Accept-Encoding');
  });
});

describe('request bodies', () => {
  it(`says it takes them compressed: "${EXTENSIONS.compressedBodies}" in GET /capabilities/`, async () => {
    expect((await h.request('GET', '/capabilities/')).body.extensions).toContain(EXTENSIONS.compressedBodies);
  });

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ] as const)('takes a batch compressed in %s', async (coding, encode) => {
    const before = await employerCount();
    const operations = Array.from({ length: 3 }, () => ({ method: 'POST', path: '/employers/', body: employerBody() }));
    const answer = await exchange(
      h,
      'POST',
      '/batch/',
      { 'content-type': 'application/json', 'content-encoding': coding },
      encode(JSON.stringify({ operations })),
    );
    expect(answer.status, answer.bytes.toString('utf8')).toBe(200);
    expect(await employerCount()).toBe(before + 3);
  });

  it('takes a single write compressed', async () => {
    const answer = await exchange(
      h,
      'POST',
      '/employers/',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      gzipSync(JSON.stringify(employerBody())),
    );
    expect(answer.status, answer.bytes.toString('utf8')).toBe(200);
  });

  it('refuses a body that does not decompress with 400, in words, and writes nothing', async () => {
    const before = await h.digest();
    const whole = gzipSync(JSON.stringify({ operations: [{ method: 'POST', path: '/employers/', body: employerBody() }] }));
    for (const broken of [whole.subarray(0, whole.length - 12), Buffer.from('this is not gzip at all')]) {
      const answer = await exchange(h, 'POST', '/batch/', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, broken);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({ detail: 'The body could not be decompressed as gzip: it is corrupt or cut off.' });
    }
    expect(await h.digest()).toBe(before);
  });

  it('refuses a coding it does not take with 415, in words, and writes nothing', async () => {
    const before = await h.digest();
    const answer = await exchange(
      h,
      'POST',
      '/employers/',
      { 'content-type': 'application/json', 'content-encoding': 'deflate' },
      JSON.stringify(employerBody()),
    );
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({
      detail: 'Content-Encoding "deflate" is not supported: send the body uncompressed, or compressed with gzip or br.',
    });
    expect(await h.digest()).toBe(before);
  });

  it('refuses a body that inflates past the limit with 413 and writes nothing', async () => {
    const before = await h.digest();
    // A valid batch, padded with whitespace to past 8 MiB once inflated: a few KiB on the wire.
    const inflated = `{"operations":[{"method":"POST","path":"/employers/","body":${JSON.stringify(employerBody())}}]${' '.repeat(SYNC_LIMITS.batchBytes)}}`;
    const answer = await exchange(h, 'POST', '/batch/', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(inflated));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({ detail: messages.tooLarge });
    expect(await h.digest()).toBe(before);
  });

  it('stops inflating at the limit: half a GiB of zeros in 512 KiB is refused without ever being held', async () => {
    // 512 gzip members of 1 MiB of zeros each, one after another: one body of 512 MiB once inflated.
    const member = gzipSync(Buffer.alloc(1024 * 1024));
    const bomb = Buffer.concat(Array.from({ length: 512 }, () => member));
    expect(bomb.length).toBeLessThan(SYNC_LIMITS.bodyBytes);
    const before = process.memoryUsage().arrayBuffers;
    await expect(decodedBody(bomb, 'gzip', SYNC_LIMITS.bodyBytes, true)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
    const answer = await exchange(h, 'POST', '/employers/', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, bomb);
    expect(answer.status).toBe(413);
  });

  it('a strict server (2.2.1 alone) takes bodies uncompressed: 415 for a compressed one, nothing written', async () => {
    const before = await strict.digest();
    const body = validEmployerBody(strict.admin.division, { name: unique('Strict '), url: 'https://strict.example.com', other_filters: [] });
    const answer = await exchange(
      strict,
      'POST',
      '/employers/',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      gzipSync(JSON.stringify(body)),
    );
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.bytes.toString('utf8')).detail).toMatch(/^This server takes request bodies uncompressed/);
    expect(await strict.digest()).toBe(before);
  });
});
