// The sync center's bridge methods, as the window calls them through AppCore: the queue, a dry
// run, conflicts with both sides, a decision and a retry; arguments checked, errors as responses.
import { describe, expect, it } from 'vitest';
import { MalformedCallError } from '../../main/app/app-core.js';
import type { BridgeResponse, EnvironmentInfo, SyncConflict, SyncQueueRow } from '../../shared/bridge.js';
import { appCoreOver, createLocal, populate, saveEnv, startRemote } from './support/harness.js';

describe('sync center bridge methods', () => {
  it('refuse malformed arguments before doing anything', async () => {
    const local = await createLocal();
    const core = appCoreOver(local);
    const malformed: [string, unknown[]][] = [
      ['syncQueue', []],
      ['syncDryRun', ['']],
      ['syncConflicts', [1]],
      ['syncResolve', ['staging', 'not-a-uuid', { kind: 'skip' }]],
      ['syncUnskip', ['staging', 'not-a-uuid']],
      ['syncResolve', ['staging']],
      ['syncRetry', ['staging']],
      ['syncRetry', ['staging', 'not-a-uuid']],
    ];
    for (const [method, args] of malformed) await expect(core.invoke(method, args), method).rejects.toBeInstanceOf(MalformedCallError);
  });

  it('answer the queue, a dry run, conflicts, a decision and a retry as responses', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 2 });
    const ours = data.employers[0]!;
    await remote.ok('POST', '/employers/', {
      name: ours.name,
      url: 'https://theirs.example.com',
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: remote.api.admin.division,
    });
    saveEnv(local, 'staging', remote.url, remote.token);
    const core = appCoreOver(local);
    const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args) as Promise<BridgeResponse>;

    expect(await invoke('syncQueue', 'nowhere')).toEqual({ status: 404, body: { detail: 'No environment named "nowhere".' } });
    for (const method of ['sync', 'pull', 'syncConflicts', 'testConnection']) {
      expect(await invoke(method, 'nowhere'), method).toEqual({ status: 404, body: { detail: 'No environment named "nowhere".' } });
    }
    expect((await invoke('syncDryRun', 'staging')).body).toMatchObject({ would_push: { employer: 2 }, failed: 0, conflicts: 0 });
    expect((await invoke('sync', 'staging')).status).toBe(200);

    const queue = (await invoke('syncQueue', 'staging')).body as SyncQueueRow[];
    expect(queue.find((row) => row.record === ours.id)).toMatchObject({ name: ours.name, state: 'conflict' });
    const conflicts = (await invoke('syncConflicts', 'staging')).body as SyncConflict[];
    expect(conflicts).toEqual([expect.objectContaining({ record: ours.id, name: ours.name })]);
    expect(conflicts[0]!.differences.url).toEqual({ local: expect.stringContaining('employer-0'), remote: 'https://theirs.example.com' });
    expect(await core.invoke('environments', [])).toEqual([expect.objectContaining({ name: 'staging', conflicts: 1 })]);

    expect(await invoke('syncResolve', 'staging', ours.id, { kind: 'overwrite' })).toMatchObject({ status: 400 });
    expect(await invoke('syncResolve', 'staging', data.employers[1]!.id, { kind: 'skip' })).toEqual({
      status: 400,
      body: { detail: `${data.employers[1]!.id} has no conflict on staging` },
    });
    expect(await invoke('syncUnskip', 'staging', ours.id)).toEqual({ status: 404, body: { detail: `${ours.id} is not skipped for staging.` } });
    expect(await invoke('syncResolve', 'staging', ours.id, { kind: 'keep-local' })).toMatchObject({ status: 200, body: { decision: 'keep-local' } });
    expect(await invoke('syncRetry', 'staging', ours.id)).toEqual({ status: 404, body: { detail: `${ours.id} has not failed on staging.` } });
    expect(await invoke('syncRetry', 'staging', null)).toEqual({ status: 200, body: { retried: 0 } });
    expect(await invoke('sync', 'staging')).toMatchObject({ status: 200, body: { failed: 0, pending: 0 } });
    expect(await remote.ok('GET', '/employers/list/')).toHaveLength(2);
  });

  it('after a restore, each environment asks for its token again; a push says so in the window, and the conflicts are still listed', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    const data = await populate(local, { employers: 1 });
    const ours = data.employers[0]!;
    await remote.ok('POST', '/employers/', {
      name: ours.name,
      url: 'https://theirs.example.com',
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: remote.api.admin.division,
    });
    saveEnv(local, 'staging', remote.url, remote.token);
    const core = appCoreOver(local);
    const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args);
    expect(((await invoke('sync', 'staging')) as BridgeResponse).status).toBe(200);
    expect(((await invoke('environments')) as EnvironmentInfo[])[0]).toMatchObject({ name: 'staging', tokenProblem: null });

    const backup = (await invoke('backupWorkspace')) as BridgeResponse;
    expect(((await invoke('restoreWorkspace', (backup.body as { name: string }).name)) as BridgeResponse).status).toBe(200);

    expect(((await invoke('environments')) as EnvironmentInfo[])[0]).toMatchObject({
      name: 'staging',
      tokenProblem: 'The token of "staging" is not in the backup this workspace was restored from (backups hold no tokens)',
    });
    const refused = (await invoke('sync', 'staging')) as BridgeResponse;
    expect(refused).toEqual({
      status: 400,
      body: {
        detail: 'The token of "staging" is not in the backup this workspace was restored from (backups hold no tokens): enter it again with Edit staging.',
        needs_token: true,
      },
    });
    expect(JSON.stringify(refused)).not.toContain('plandesk');
    const conflicts = (await invoke('syncConflicts', 'staging')) as BridgeResponse;
    expect(conflicts.status).toBe(200);
    expect(conflicts.body).toEqual([expect.objectContaining({ record: ours.id, name: ours.name, differences: {} })]);
    expect((conflicts.body as SyncConflict[])[0]!.reason).not.toContain('plandesk');

    expect(((await invoke('saveEnvironment', { name: 'staging', url: remote.url, token: remote.token })) as BridgeResponse).status).toBe(200);
    expect(((await invoke('environments')) as EnvironmentInfo[])[0]).toMatchObject({ name: 'staging', tokenProblem: null });
    expect((((await invoke('syncConflicts', 'staging')) as BridgeResponse).body as SyncConflict[])[0]!.differences.url).toBeDefined();
  });

  it('a token this version cannot read (saved by a later one) is asked for again, saying why', async () => {
    const remote = await startRemote();
    const local = await createLocal();
    saveEnv(local, 'staging', remote.url, remote.token);
    local.ws.db.prepare("UPDATE environments SET token_scheme = 'a-later-scheme'").run();
    const core = appCoreOver(local);

    expect((await core.invoke('environments', [])) as EnvironmentInfo[]).toEqual([
      expect.objectContaining({
        name: 'staging',
        tokenProblem: 'The token of "staging" was saved with a-later-scheme, which this version of PlanDesk cannot read',
      }),
    ]);
    const refused = (await core.invoke('sync', ['staging'])) as BridgeResponse;
    expect(refused).toEqual({
      status: 400,
      body: {
        detail: 'The token of "staging" was saved with a-later-scheme, which this version of PlanDesk cannot read: enter it again with Edit staging.',
        needs_token: true,
      },
    });
  });
});
