// The desktop window's view of environments and sync: tokens go in and never come out.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../main/http/server.js';
import type { SyncProgress } from '../../main/sync/engine.js';
import { SyncController } from '../../main/sync/sync-controller.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { startHostedRemote, type HostedRemote } from '../support/hosted-remote.js';

let remote: HostedRemote;
let dir: string;
let server: RunningServer;
let token: string;
let workspace: Workspace;
let controller: SyncController;

beforeAll(async () => {
  remote = await startHostedRemote('plandesk-sync-controller-');
  ({ dir, server, token } = remote);
  await initWorkspace(join(dir, 'ws'), { account: 'Laptop', email: 'me@broker.example.com', division: 'East' });
  workspace = await openWorkspace(join(dir, 'ws'));
  controller = new SyncController(workspace, workspaceKeyCipher(join(dir, 'ws')));
});

afterAll(async () => {
  workspace.close();
  await remote.close();
});

describe('SyncController', () => {
  it('saves an environment and never hands the token back', () => {
    expect(controller.saveEnvironment({ name: 'staging', url: `${server.url}/`, token })).toEqual({ status: 200, body: { name: 'staging' } });
    const listed = controller.environments();
    expect(listed).toEqual([
      {
        name: 'staging',
        baseUrl: server.url,
        tokenScheme: 'workspace-key-aes-256-gcm',
        production: false,
        pending: 0,
        conflicts: 0,
        last_pull: null,
        tokenProblem: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it('rejects a malformed environment with a clear 400 and saves nothing', () => {
    expect(controller.saveEnvironment({ name: 'prod', url: 'ftp://x', token }).status).toBe(400);
    expect(controller.saveEnvironment({ name: 'prod' }).status).toBe(400);
    expect(controller.environments().map((env) => env.name)).toEqual(['staging']);
  });

  it('syncs with progress events naming the record being sent, and reports the summary', async () => {
    const divisions = (await workspace.router({ method: 'GET', path: '/divisions/list/', body: undefined, actor: workspace.actor })).body as { id: string }[];
    const created = await workspace.router({
      method: 'POST',
      path: '/employers/',
      actor: workspace.actor,
      body: {
        name: 'Hooli',
        url: 'https://hooli.example.com',
        size: '900',
        naics_codes: [],
        location_states: ['CA'],
        other_filters: [],
        division: divisions[0]!.id,
      },
    });
    expect(created.status).toBe(200);
    expect(controller.environments()[0]!.pending).toBe(1);
    const progress: SyncProgress[] = [];
    const result = await controller.sync('staging', (event) => progress.push(event));
    expect(result).toEqual({ status: 200, body: { pushed: 1, failed: 0, pending: 0, errors: [] } });
    expect(progress.at(-1)).toMatchObject({ total: 1, done: 1, failed: 0 });
    expect(progress.map((event) => event.current).filter(Boolean)).toContain('employer Hooli');
  });

  it('keeps a run intact while the window lists environments, and refuses a second run meanwhile', async () => {
    const divisions = (await workspace.router({ method: 'GET', path: '/divisions/list/', body: undefined, actor: workspace.actor })).body as { id: string }[];
    for (let index = 0; index < 150; index += 1) {
      const created = await workspace.router({
        method: 'POST',
        path: '/employers/',
        actor: workspace.actor,
        body: {
          name: `Listed ${index}`,
          url: `https://listed-${index}.example.com`,
          size: '10',
          naics_codes: [],
          location_states: ['NY'],
          other_filters: [],
          division: divisions[0]!.id,
        },
      });
      expect(created.status).toBe(200);
    }
    const run = controller.sync('staging', () => {
      expect(controller.environments()[0]!.name).toBe('staging');
    });
    expect((await controller.sync('staging', () => {})).status).toBe(409);
    expect(await run).toEqual({ status: 200, body: { pushed: 150, failed: 0, pending: 0, errors: [] } });
    expect(controller.environments()[0]!.pending).toBe(0);
  });

  it('answers 401 "token rejected" when the remote refuses the token', async () => {
    controller.saveEnvironment({ name: 'production', url: server.url, token: 'f'.repeat(40) });
    await workspace.router({
      method: 'POST',
      path: '/users/',
      actor: workspace.actor,
      body: { email: 'ann@broker.example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [] },
    });
    expect(await controller.sync('production', () => {})).toEqual({ status: 401, body: { detail: 'token rejected' } });
  });
});
