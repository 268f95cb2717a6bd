// `plandesk serve --access-log FILE` writes each line with writeSync, which throws when the disk is
// full. The answer has gone out by then: the failure costs the client nothing, goes to stderr, and
// never ends the server as an unhandled rejection.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;
let diskFull = false;

beforeAll(async () => {
  h = await startApi({
    log: () => {
      if (diskFull) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  });
});
afterAll(() => h.close());

describe('an access log that cannot be written', () => {
  it('leaves the answer as it was, reports the failure on stderr and keeps the server answering', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      diskFull = true;
      const answered = await h.request('GET', '/employers/list/');
      expect(answered.status).toBe(200);
      await vi.waitFor(() =>
        expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/^error GET \/employers\/list\/: Error: ENOSPC: no space left on device/)),
      );

      diskFull = false;
      expect((await h.request('GET', '/employers/list/')).status).toBe(200);
    } finally {
      diskFull = false;
      stderr.mockRestore();
    }
  });
});
