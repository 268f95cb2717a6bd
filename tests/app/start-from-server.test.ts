// First run from the agency's server (the welcome screen's "Start from my agency's server"): the
// server and the token are checked before anything is made; then the workspace is set up with the
// server's first division, the environment saved and everything the token sees pulled, linked so
// that nothing goes back. A pull that stops afterwards leaves the workspace and the environment.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { syncEnvironment } from '../../main/sync/engine.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import type { BridgeResponse, EnvironmentInfo, SyncProgressEvent } from '../../shared/bridge.js';
import type { WorkspaceStatus } from '../../shared/resources/workspace.js';
import { startApi } from '../support/api-server.js';
import { startFaultProxy } from '../sync/support/fault-proxy.js';
import { createLocal, fastOptions, populate, saveEnv, startRemote, type TestRemote } from '../sync/support/harness.js';
import { issueTokenFor } from '../../main/service/accounts.js';
import { looksLikeProduction } from '../../shared/resources/server-start.js';

/** A remote filled by a colleague's push, whose own first division was renamed there since, and where the new broker is a user. */
async function agencyServer(): Promise<TestRemote> {
  const remote = await startRemote();
  const colleague = await createLocal();
  await populate(colleague, { employers: 2 });
  await syncEnvironment(colleague.ws, saveEnv(colleague, 'production', remote.url, remote.token), fastOptions());
  const first = ((await remote.ok('GET', '/divisions/list/')) as { id: string }[])[0]!;
  await remote.ok('PUT', `/divisions/${first.id}/`, { ...(await remote.ok('GET', `/divisions/${first.id}/`)), name: 'Harbor Team' });
  await addPerson(remote);
  return remote;
}

/** The new broker, as the agency's administrator made them on the server. */
async function addPerson(remote: TestRemote): Promise<void> {
  const division = ((await remote.ok('GET', '/divisions/list/')) as { id: string }[])[0]!;
  await remote.ok('POST', '/users/', {
    username: 'nora',
    email: person.email,
    first_name: person.first_name,
    last_name: person.last_name,
    division_ids: [division.id],
  });
}

/** An app core over a folder with no workspace yet, as on a new laptop. */
function newLaptop(): { core: AppCore; dir: string } {
  const parent = mkdtempSync(join(tmpdir(), 'plandesk-start-'));
  const dir = join(parent, 'workspace');
  const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
  // As the app quits: an open or a backup the last call started is waited for before the folder goes.
  onTestFinished(async () => {
    await core.shutdown();
    rmSync(parent, { recursive: true, force: true });
  });
  return { core, dir };
}

const person = { first_name: 'Nora', last_name: 'Broker', account: 'Acme Brokers', email: 'new.broker@example.com' };
const start = (core: AppCore, input: Record<string, unknown>) => core.invoke('startFromServer', [input]) as Promise<BridgeResponse>;
const nothingMadeIn = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

describe('start from the agency server', () => {
  it('sets the workspace up with the server first division, saves the environment and pulls everything, linked', async () => {
    const remote = await agencyServer();
    const { core } = newLaptop();
    const progress: SyncProgressEvent[] = [];
    core.onSyncProgress((event) => progress.push(event));

    const answer = await start(core, { ...person, env: 'production', url: remote.url, token: remote.token });
    expect(answer.status).toBe(200);
    const { env, pull } = answer.body as { env: string; pull: BridgeResponse };
    expect(env).toBe('production');
    expect(pull.status).toBe(200);
    expect(pull.body).toMatchObject({ conflicts: 0, failed: 0, removed: 0 });
    expect((pull.body as { created: number }).created).toBeGreaterThan(0);

    expect(((await core.invoke('workspace', [])) as WorkspaceStatus).ready).toBe(true);
    const divisions = ((await core.invoke('call', ['GET', '/divisions/list/'])) as BridgeResponse).body as { name: string }[];
    const remoteDivisions = (await remote.ok('GET', '/divisions/list/')) as { name: string }[];
    expect(divisions.map((d) => d.name).sort()).toEqual(remoteDivisions.map((d) => d.name).sort());
    expect(divisions.map((d) => d.name)).toContain('Harbor Team');
    const employers = ((await core.invoke('call', ['GET', '/employers/list/'])) as BridgeResponse).body as unknown[];
    expect(employers).toHaveLength(((await remote.ok('GET', '/employers/list/')) as unknown[]).length);

    // Nothing waits to go back: the first division is the server's, not a stray local one.
    const [saved] = (await core.invoke('environments', [])) as EnvironmentInfo[];
    expect(saved).toMatchObject({ name: 'production', pending: 0 });
    expect(saved!.last_pull).not.toBeNull();
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((event) => event.env === 'production' && event.direction === 'pull')).toBe(true);
  });

  it('makes a regular user of the server a regular user here, holding the divisions the server gives them, with their records', async () => {
    const remote = await agencyServer();
    // The broker holds the divisions of the server's employers, and not its other divisions.
    const remoteEmployers = (await remote.ok('GET', '/employers/list/')) as { id: string; name: string }[];
    const held: string[] = [];
    for (const employer of remoteEmployers) {
      const { division } = (await remote.ok('GET', `/employers/${employer.id}/`)) as { division: string };
      if (!held.includes(division)) held.push(division);
    }
    expect(held.length).toBe(2);
    const heldNames = ((await remote.ok('GET', '/divisions/list/')) as { id: string; name: string }[]).filter((d) => held.includes(d.id)).map((d) => d.name);
    const broker = { ...person, email: 'regular.broker@example.com' };
    await remote.ok('POST', '/users/', { username: 'rb', email: broker.email, first_name: 'Reg', last_name: 'Broker', division_ids: held });
    const token = await issueTokenFor(remote.api.context, broker.email);
    const { core } = newLaptop();

    const answer = await start(core, { ...broker, env: 'production', url: remote.url, token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ env: 'production', admin: false, pull: { status: 200, body: { failed: 0, conflicts: 0 } } });
    const status = (await core.invoke('workspace', [])) as WorkspaceStatus;
    expect(status.ready && status.user).toMatchObject({ email: broker.email, is_admin: false });

    // The divisions and employers the server shows the token, and only those, are here and the person's.
    const call = async (method: string, path: string, body?: unknown) =>
      (await core.invoke('call', body === undefined ? [method, path] : [method, path, body])) as BridgeResponse;
    expect(((await call('GET', '/divisions/list/')).body as { name: string }[]).map((d) => d.name).sort()).toEqual(heldNames.sort());
    expect(((await call('GET', '/employers/list/')).body as { name: string }[]).map((e) => e.name).sort()).toEqual(remoteEmployers.map((e) => e.name).sort());

    // What the server would refuse them is refused here too, and nothing waits to go back.
    expect((await call('GET', '/users/summaries/')).status).toBe(403);
    expect((await call('POST', '/divisions/', { name: 'Mine', users: [], employer_ids: [] })).status).toBe(403);
    const [saved] = (await core.invoke('environments', [])) as EnvironmentInfo[];
    expect(saved).toMatchObject({ name: 'production', pending: 0 });

    // What a user may do goes through: an employer of theirs changed here reaches the server.
    const [mine] = (await call('GET', '/employers/list/')).body as { id: string; name: string }[];
    const before = (await call('GET', `/employers/${mine!.id}/`)).body as Record<string, unknown>;
    expect((await call('PUT', `/employers/${mine!.id}/`, { ...before, size: '321' })).status).toBe(200);
    const pushed = (await core.invoke('sync', ['production'])) as BridgeResponse;
    expect(pushed.body).toMatchObject({ pushed: 1, failed: 0, pending: 0 });
    const there = remoteEmployers.find((employer) => employer.name === mine!.name)!;
    expect(await remote.ok('GET', `/employers/${there.id}/`)).toMatchObject({ size: '321' });
  });

  it('saves a server named production, or reached over https, as production unless told; and says so', async () => {
    expect(looksLikeProduction('production', 'http://127.0.0.1:8787')).toBe(true);
    expect(looksLikeProduction('agency', 'https://plandesk.acme.example')).toBe(true);
    expect(looksLikeProduction('staging', 'https://localhost:8443')).toBe(false);
    expect(looksLikeProduction('local', 'http://127.0.0.1:8787')).toBe(false);
    const remote = await agencyServer();
    const named = newLaptop();
    expect((await start(named.core, { ...person, env: 'production', url: remote.url, token: remote.token })).body).toMatchObject({
      production: true,
      admin: true,
    });
    expect(((await named.core.invoke('environments', [])) as EnvironmentInfo[])[0]).toMatchObject({ name: 'production', production: true });
    const told = newLaptop();
    expect((await start(told.core, { ...person, env: 'production', url: remote.url, token: remote.token, production: false })).body).toMatchObject({
      production: false,
    });
    expect(((await told.core.invoke('environments', [])) as EnvironmentInfo[])[0]).toMatchObject({ production: false });
    const local = newLaptop();
    expect((await start(local.core, { ...person, env: 'agency', url: remote.url, token: remote.token })).body).toMatchObject({ production: false });
  });

  it('refuses an e-mail the server does not know for this token, and makes nothing', async () => {
    const remote = await startRemote();
    const { core, dir } = newLaptop();
    const stranger = await start(core, { ...person, env: 'production', url: remote.url, token: remote.token });
    expect(stranger).toEqual({
      status: 400,
      body: {
        email: [
          `The server at ${remote.url} has no user ${person.email} that this token can see: type the e-mail the server knows you by, the one your token was issued for.`,
        ],
      },
    });
    expect(nothingMadeIn(dir)).toBe(true);
    await addPerson(remote);
    expect((await start(core, { ...person, env: 'production', url: remote.url, token: remote.token })).status).toBe(200);
  });

  it("takes the agency's name from the server, and asks for it only from a server that does not say it", async () => {
    const { account: _typed, ...withoutAccount } = person;
    const remote = await agencyServer();
    const { core } = newLaptop();
    expect((await start(core, { ...withoutAccount, env: 'production', url: remote.url, token: remote.token })).status).toBe(200);
    expect((await core.invoke('workspace', [])) as WorkspaceStatus).toMatchObject({ ready: true, account: 'Harness Brokers' });

    const strict = await startApi({ strictApi: true });
    onTestFinished(() => strict.close());
    const other = newLaptop();
    expect(await start(other.core, { ...withoutAccount, env: 'production', url: strict.url, token: strict.admin.token })).toEqual({
      status: 400,
      body: { account: [`The server at ${strict.url} does not say your agency or account name: type it.`] },
    });
    expect(nothingMadeIn(other.dir)).toBe(true);
  });

  it('refuses once a workspace exists', async () => {
    const remote = await startRemote();
    const { core } = newLaptop();
    expect(((await core.invoke('setupWorkspace', [{ ...person, division: 'Main' }])) as BridgeResponse).status).toBe(200);
    expect(await start(core, { ...person, env: 'production', url: remote.url, token: remote.token })).toEqual({
      status: 409,
      body: { detail: 'The workspace is already set up.' },
    });
  });

  it('answers field errors for what was typed wrong, and makes nothing', async () => {
    const remote = await startRemote();
    const { core, dir } = newLaptop();
    const blank = await start(core, { account: '', email: 'not-an-email', env: 'my production', url: remote.url, token: 'two words' });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body as object).sort()).toEqual(['account', 'email', 'env', 'first_name', 'last_name', 'token']);
    const clearText = await start(core, { ...person, env: 'production', url: 'http://agency.example.com', token: remote.token });
    expect(clearText.status).toBe(400);
    expect((clearText.body as { url: string[] }).url[0]).toMatch(/^Refusing plain http:\/\/ for agency\.example\.com/);
    expect(nothingMadeIn(dir)).toBe(true);
  });

  it('says the server rejected the token, or cannot be reached, and makes nothing', async () => {
    const remote = await startRemote();
    const { core, dir } = newLaptop();
    const rejected = await start(core, { ...person, env: 'production', url: remote.url, token: 'not-the-token' });
    expect(rejected).toEqual({ status: 400, body: { token: [`The server at ${remote.url} rejected this token; nothing was set up.`] } });
    await remote.close();
    const unreachable = await start(core, { ...person, env: 'production', url: remote.url, token: remote.token });
    expect(unreachable.status).toBe(503);
    expect((unreachable.body as { detail: string }).detail).toBe(
      'Nothing was set up: production is unreachable (connection refused). Check the address, or start empty and add the server later in Sync.',
    );
    expect(nothingMadeIn(dir)).toBe(true);
    expect(((await core.invoke('workspace', [])) as WorkspaceStatus).ready).toBe(false);
  });

  it('keeps the workspace and the environment when the pull stops after the checks, and says why', async () => {
    const remote = await agencyServer();
    // The server answers the checks, then revokes the token.
    const proxy = await startFaultProxy(remote.url, { decide: (request) => (request.index < 5 ? 'forward' : 'reject-token') });
    const { core } = newLaptop();
    const answer = await start(core, { ...person, env: 'production', url: proxy.url, token: remote.token });
    expect(answer).toEqual({
      status: 200,
      body: { env: 'production', production: true, admin: true, pull: { status: 401, body: { detail: 'token rejected' } } },
    });
    expect(((await core.invoke('workspace', [])) as WorkspaceStatus).ready).toBe(true);
    expect(((await core.invoke('environments', [])) as EnvironmentInfo[]).map((env) => env.name)).toEqual(['production']);
  });
});
