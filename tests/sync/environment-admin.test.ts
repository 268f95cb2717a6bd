// The sync center's environment methods through AppCore: an environment added with its token and
// changed without it, marked production, tested (online with latency, token rejected, offline),
// removed; and the remote records a conflict could be linked to.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MalformedCallError } from '../../main/app/app-core.js';
import type { BridgeResponse, ConnectionTest, EnvironmentInfo, RemoteCandidate } from '../../shared/bridge.js';
import { appCoreOver, createLocal, populate, startRemote } from './support/harness.js';

/** A workspace and the app's core over it, closed when the test finishes. */
async function open() {
  const local = await createLocal();
  const core = appCoreOver(local);
  const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args) as Promise<BridgeResponse>;
  return { local, core, invoke };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('environments in the sync center', () => {
  it('are added with a token, changed without one (the token stays), marked production, and removed', async () => {
    const remote = await startRemote();
    const { core, invoke } = await open();
    expect(await invoke('saveEnvironment', { name: 'prod', url: remote.url })).toEqual({
      status: 400,
      body: { detail: 'Give the token of prod: it is typed once, when the environment is added.' },
    });
    expect((await invoke('saveEnvironment', { name: 'prod', url: remote.url, token: remote.token })).status).toBe(200);
    expect((await invoke('saveEnvironment', { name: 'prod', url: `${remote.url}/`, production: true })).status).toBe(200);
    const [prod] = (await core.invoke('environments', [])) as EnvironmentInfo[];
    expect(prod).toMatchObject({ name: 'prod', production: true });
    expect(JSON.stringify(prod)).not.toContain(remote.token);
    expect(((await invoke('testConnection', 'prod')).body as ConnectionTest).tokenAccepted).toBe(true);

    expect(await invoke('removeEnvironment', 'prod')).toEqual({ status: 200, body: { removed: 'prod' } });
    expect(await core.invoke('environments', [])).toEqual([]);
    expect(await invoke('removeEnvironment', 'prod')).toEqual({ status: 404, body: { detail: 'No environment named "prod".' } });
    await expect(core.invoke('removeEnvironment', [''])).rejects.toBeInstanceOf(MalformedCallError);
  });

  it('test the connection: online with its latency, a rejected token, an unreachable remote', async () => {
    const remote = await startRemote();
    const { invoke } = await open();
    await invoke('saveEnvironment', { name: 'staging', url: remote.url, token: remote.token });
    await invoke('saveEnvironment', { name: 'stale', url: remote.url, token: 'not-the-token' });
    await invoke('saveEnvironment', { name: 'gone', url: `http://127.0.0.1:${await closedPort()}`, token: remote.token });

    const online = (await invoke('testConnection', 'staging')).body as ConnectionTest;
    expect(online).toMatchObject({ reachable: true, tokenAccepted: true, detail: 'connected' });
    expect(online.latencyMs).toBeGreaterThanOrEqual(0);
    expect((await invoke('testConnection', 'stale')).body).toEqual({
      reachable: true,
      tokenAccepted: false,
      latencyMs: expect.any(Number),
      detail: 'stale rejected the token',
    });
    expect((await invoke('testConnection', 'gone')).body).toEqual({
      reachable: false,
      tokenAccepted: null,
      latencyMs: null,
      detail: 'gone is unreachable (connection refused)',
    });
  });

  it('list the remote records a local one could be linked to, by name', async () => {
    const remote = await startRemote();
    const { local, invoke } = await open();
    const data = await populate(local, { employers: 1 });
    const theirs = await remote.ok('POST', '/employers/', {
      name: 'Harbor Freight Lines',
      url: 'https://harbor.example.com',
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: remote.api.admin.division,
    });
    await remote.ok('POST', '/employers/', {
      name: 'Summit Bakery',
      url: 'https://summit.example.com',
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: remote.api.admin.division,
    });
    await invoke('saveEnvironment', { name: 'staging', url: remote.url, token: remote.token });
    const found = (await invoke('remoteCandidates', 'staging', data.employers[0]!.id, 'harbor')).body as RemoteCandidate[];
    expect(found).toEqual([{ id: theirs.id, label: 'Harbor Freight Lines' }]);
  });
});
