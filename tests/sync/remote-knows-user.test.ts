// Whether a remote knows a person by their e-mail (start from the agency's server checks it): a
// PlanDesk server answers through the older edition's GET /users/byEmail/; a remote with only the
// 2.2.1 operations cannot say, and is not taken for one that says no.
import { describe, expect, it, onTestFinished } from 'vitest';
import { remoteKnowsUser } from '../../main/sync/remote-lookup.js';
import { startApi } from '../support/api-server.js';

async function remote(strictApi: boolean) {
  const api = await startApi({ strictApi });
  onTestFinished(() => api.close());
  return { api, env: { name: 'production', baseUrl: api.url, token: api.admin.token } };
}

describe('whether a remote knows a person by their e-mail', () => {
  it('a PlanDesk server says yes for a user the token sees, no for anyone else', async () => {
    const { api, env } = await remote(false);
    expect(await remoteKnowsUser(env, api.admin.email)).toBe(true);
    expect(await remoteKnowsUser(env, 'nobody@example.com')).toBe(false);
  });

  it('a remote with only the 2.2.1 operations cannot say', async () => {
    const { api, env } = await remote(true);
    expect(await remoteKnowsUser(env, api.admin.email)).toBeUndefined();
    expect(await remoteKnowsUser(env, 'nobody@example.com')).toBeUndefined();
  });
});
