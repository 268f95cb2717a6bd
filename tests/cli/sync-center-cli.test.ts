// `plandesk sync --dry-run`, `conflicts` and `resolve`, spawned for real against a server on
// loopback, with the exact shapes of the command-line reference; and an unreachable remote said plainly.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../main/http/server.js';
import { runPlandesk } from '../support/cli-run.js';
import { startHostedRemote, type HostedRemote } from '../support/hosted-remote.js';

let remote: HostedRemote;
let dir: string;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  remote = await startHostedRemote('plandesk-sync-center-cli-');
  ({ dir, server, token } = remote);
});

afterAll(() => remote.close());

const run = (args: string[], input = '') => runPlandesk(args, input, { env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, 'ws') } });

async function remoteCall(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> & { id: string } }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { id: string } };
}

const employer = (division: string, url: string) => ({
  name: 'Initech',
  url,
  size: '40',
  naics_codes: [],
  location_states: ['TX'],
  other_filters: [],
  division,
});

describe('plandesk sync --dry-run, conflicts and resolve', () => {
  it('say what would go, list the conflict with its differences, and act on a decision with the next sync', async () => {
    expect((await run(['local', 'init', '--account', 'Laptop', '--email', 'me@broker.example.com', '--division', 'East'])).code).toBe(0);
    const divisions = JSON.parse((await run(['local', 'call', 'GET', '/divisions/list/'])).stdout).body as { id: string }[];
    const ours = JSON.parse(
      (await run(['local', 'call', 'POST', '/employers/', '--body', JSON.stringify(employer(divisions[0]!.id, 'https://initech.example.com'))])).stdout,
    ).body as { id: string };
    const remoteDivision = ((await remoteCall('GET', '/divisions/list/')).body as unknown as { id: string }[])[0]!.id;
    const theirs = (await remoteCall('POST', '/employers/', employer(remoteDivision, 'https://initech.example.org'))).body.id;
    expect((await run(['env', 'set', 'staging', '--url', server.url, '--token-stdin'], token)).code).toBe(0);

    const dry = await run(['sync', '--env', 'staging', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ would_push: { employer: 1, plan: 0, user: 0, division: 0 }, pulled_from: {}, failed: 0, conflicts: 0 });
    expect((await remoteCall('GET', `/employers/${theirs}/`)).body.url).toBe('https://initech.example.org');

    expect((await run(['sync', '--env', 'staging', '--json'])).code).toBe(1);
    const conflicts = await run(['conflicts', '--env', 'staging', '--json']);
    expect(conflicts.code, conflicts.stderr).toBe(0);
    expect(JSON.parse(conflicts.stdout)).toEqual([
      {
        record: ours.id,
        entity: 'employer',
        reason: expect.stringMatching(/already has this employer/),
        remote_id: theirs,
        differences: { url: { local: 'https://initech.example.com', remote: 'https://initech.example.org' } },
      },
    ]);
    expect(JSON.parse((await run(['sync', '--env', 'staging', '--dry-run', '--json'])).stdout)).toMatchObject({ failed: 0, conflicts: 1 });
    // A later sync says why the record is still counted as failed, and what to do.
    expect(JSON.parse((await run(['sync', '--env', 'staging', '--json'])).stdout)).toEqual({
      pushed: 0,
      failed: 1,
      pending: 0,
      errors: [{ record: ours.id, path: `/employers/${ours.id}/`, error: expect.stringMatching(/already has this employer/) }],
    });
    const text = (await run(['sync', '--env', 'staging'])).stdout.split('\n');
    expect(text[0]).toBe('staging: pushed 0, failed 1, pending 0');
    expect(text[1]).toMatch(new RegExp(`^  /employers/${ours.id}/: .*already has this employer`));
    expect(text.slice(2)).toEqual(['  1 conflict waits for a decision: plandesk conflicts --env staging shows it', '']);
    const listed = await run(['conflicts', '--env', 'staging']);
    expect(listed.stdout.trim().split('\n').at(-1)).toBe(
      'Decide each with: plandesk resolve --env staging ID (--keep-local | --take-remote | --link REMOTE_ID | --skip)',
    );

    // A restore brings back no token: the conflicts are still listed, without the remote's values.
    const backup = join(dir, 'before-restore.db');
    expect((await run(['backup', '--out', backup])).code).toBe(0);
    expect((await run(['restore', backup])).code).toBe(0);
    const restored = await run(['conflicts', '--env', 'staging', '--json']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toEqual([expect.objectContaining({ record: ours.id, remote_id: theirs, differences: {} })]);
    expect(restored.stderr).toMatch(/the token of "staging" is not in the backup this workspace was restored from .*plandesk env set staging/);
    expect((await run(['env', 'set', 'staging', '--url', server.url, '--token-stdin'], token)).code).toBe(0);

    const both = await run(['resolve', '--env', 'staging', ours.id, '--keep-local', '--skip']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/give exactly one of --keep-local, --take-remote, --link REMOTE_ID, --skip/);
    const none = await run(['resolve', '--env', 'staging', divisions[0]!.id, '--skip']);
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe(`plandesk resolve: ${divisions[0]!.id} has no conflict on staging`);

    const resolved = await run(['resolve', '--env', 'staging', ours.id, '--keep-local', '--json']);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(JSON.parse(resolved.stdout)).toEqual({ record: ours.id, decision: 'keep-local', remote_id: theirs });
    expect(JSON.parse((await run(['sync', '--env', 'staging', '--json'])).stdout)).toEqual({ pushed: 1, failed: 0, pending: 0, errors: [] });
    expect((await remoteCall('GET', `/employers/${theirs}/`)).body.url).toBe('https://initech.example.com');
  }, 90_000);

  it('reports a remote that is down as unreachable, in one line, exit 1', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    expect((await run(['env', 'set', 'down', '--url', `http://127.0.0.1:${port}`, '--token-stdin'], token)).code).toBe(0);
    await run([
      'local',
      'call',
      'POST',
      '/users/',
      '--body',
      JSON.stringify({ email: 'ann@broker.example.com', first_name: 'Ann', last_name: 'Lee', division_ids: [] }),
    ]);
    const result = await run(['sync', '--env', 'down']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('plandesk sync: down is unreachable (connection refused)');
  }, 30_000);
});
