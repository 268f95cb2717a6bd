// `GET /schema/` (INTERFACES.md, "Running it as a server"): the OpenAPI document of what this server
// serves, to anyone, without a token; under --strict-api the 2.2.1 operations only.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-server.js';

const committed = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

let h: ApiHarness;
let strict: ApiHarness;

beforeAll(async () => {
  h = await startApi();
  strict = await startApi({ strictApi: true });
});
afterAll(async () => {
  await h.close();
  await strict.close();
});

describe('GET /schema/', () => {
  it('answers the OpenAPI document of the full API without a token: docs/openapi.json', async () => {
    const response = await h.request('GET', '/schema/', undefined, null);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(committed('docs/openapi.json'));
    expect(response.body.paths['/changes/']).toBeDefined();
  });

  it('answers the same to a token that is not valid: the document names no record', async () => {
    const response = await h.request('GET', '/schema/', undefined, 'not-a-token');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
  });

  it('under --strict-api answers the 2.2.1 operations only: docs/openapi-strict.json', async () => {
    const response = await strict.request('GET', '/schema/', undefined, null);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(committed('docs/openapi-strict.json'));
    expect(response.body.paths['/changes/']).toBeUndefined();
  });

  it('answers HEAD with the headers alone, OPTIONS with its methods, any other method 405, and only at /schema/', async () => {
    const head = await h.request('HEAD', '/schema/', undefined, null);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(committed('docs/openapi.json'))));
    const options = await h.request('OPTIONS', '/schema/', undefined, null);
    expect(options.status).toBe(200);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    const post = await h.request('POST', '/schema/', {}, null);
    expect(post.status).toBe(405);
    expect(post.body).toEqual({ detail: 'Method "POST" not allowed.' });
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    // At /schema/ only: without its slash it is unknown, as every such path.
    expect((await h.request('GET', '/schema', undefined, null)).status).toBe(404);
    expect((await h.request('GET', '/schema/x/', undefined, null)).status).toBe(404);
  });
});
