// Reaching an agency's server the way a broker's office does: over HTTPS with a certificate its own
// authority signed, and through the office's HTTP proxy (a real one, tinyproxy), with or without a
// password. `plandesk sync` and `plandesk pull`, spawned for real with the environment a person's
// shell would give them.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk, type CliResult } from '../support/cli-run.js';
import { validEmployerBody } from '../support/fixtures.js';
import { freePort, startHttpProxy, type HttpProxy } from '../support/http-proxy.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';
import { startTlsFront, throwawayAuthority, type Authority, type TlsFront } from '../support/tls-remote.js';

/** What decides where the command connects and whom it trusts: none of the tester's own reaches it unless a case gives it. */
const NETWORK_VARIABLES = [
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
];

let dir: string;
let remote: ApiHarness;
let authority: Authority;
let front: TlsFront;
/** A system certificate store holding only the agency's authority, and an empty one. */
let systemStore: { file: string; dir: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-proxy-tls-'));
  remote = await startApi();
  authority = throwawayAuthority();
  front = await startTlsFront(remote.url, authority.issue(['localhost', '127.0.0.1']));
  systemStore = { file: authority.file, dir: join(dir, 'empty-cert-dir') };
  mkdirSync(systemStore.dir);
});

afterAll(async () => {
  await front.close();
  await remote.close();
  authority.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** `plandesk ARGS` on a laptop's workspace, with only `env` of the network variables set. */
function plandesk(workspace: string, args: string[], env: Record<string, string> = {}, input = ''): Promise<CliResult> {
  return runPlandesk(args, input, {
    env: { HOME: dir, PLANDESK_WORKSPACE: join(dir, workspace), ...env },
    unset: NETWORK_VARIABLES.filter((name) => !(name in env)),
  });
}

/** A new laptop whose environment `agency` is the remote at `url`, its division named as the remote's. */
async function laptop(url: string): Promise<string> {
  const name = unique('laptop-');
  const init = await plandesk(name, ['local', 'init', '--account', 'Laptop', '--email', 'broker@laptop.example', '--division', 'Home Division']);
  expect(init.code, init.stderr).toBe(0);
  const saved = await plandesk(name, ['env', 'set', 'agency', '--url', url, '--token-stdin'], {}, remote.admin.token);
  expect(saved.code, saved.stderr).toBe(0);
  return name;
}

/** A laptop with one employer waiting to be pushed; its name. */
async function laptopWithEmployer(url: string): Promise<{ workspace: string; employer: string }> {
  const workspace = await laptop(url);
  const { division } = await localDivision(workspace);
  const employer = unique('Proxied Employer ');
  const body = validEmployerBody(division, { name: employer, url: `https://${employer.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [] });
  const created = await plandesk(workspace, ['local', 'call', 'POST', '/employers/', '--body', JSON.stringify(body)]);
  expect(JSON.parse(created.stdout).status, created.stdout).toBe(200);
  return { workspace, employer };
}

async function localDivision(workspace: string): Promise<{ division: string }> {
  const listed = await plandesk(workspace, ['local', 'call', 'GET', '/divisions/list/']);
  return { division: (JSON.parse(listed.stdout).body as { id: string }[])[0]!.id };
}

const remoteHasEmployer = async (name: string) =>
  ((await remote.request('GET', '/employers/list/')).body as { name: string }[]).some((employer) => employer.name === name);

/** The one line a refused command prints, checked to be one line. */
function refusal(result: CliResult): string {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  return lines[0]!;
}

describe("a remote whose certificate the agency's own authority signed", () => {
  it('is refused, in one sentence naming the host and why, when this computer does not know the authority; nothing is pulled', async () => {
    const workspace = await laptop(front.url);
    const line = refusal(await plandesk(workspace, ['pull', '--env', 'agency', '--json']));
    expect(line).toBe(
      `plandesk pull: agency is unreachable (the certificate of localhost:${front.port} was refused: it is signed by an authority this computer does not trust (add the authority to the system's store, or name its file in NODE_EXTRA_CA_CERTS))`,
    );
    expect(JSON.parse((await plandesk(workspace, ['status', '--json'])).stdout).records.employer).toBe(0);
  });

  it('is trusted with the authority in NODE_EXTRA_CA_CERTS: push and pull', async () => {
    const { workspace, employer } = await laptopWithEmployer(front.url);
    const pushed = await plandesk(workspace, ['sync', '--env', 'agency', '--json'], { NODE_EXTRA_CA_CERTS: authority.file });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await remoteHasEmployer(employer)).toBe(true);
    const pulled = await plandesk(await laptop(front.url), ['pull', '--env', 'agency', '--json'], { NODE_EXTRA_CA_CERTS: authority.file });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(JSON.parse(pulled.stdout).created).toBeGreaterThan(0);
  });

  it("is trusted with the authority in the operating system's store (here OpenSSL's, which SSL_CERT_FILE and SSL_CERT_DIR name)", async () => {
    const { workspace, employer } = await laptopWithEmployer(front.url);
    const pushed = await plandesk(workspace, ['sync', '--env', 'agency', '--json'], { SSL_CERT_FILE: systemStore.file, SSL_CERT_DIR: systemStore.dir });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await remoteHasEmployer(employer)).toBe(true);
  });

  it.each([
    ['an expired certificate', () => authority.issue(['localhost'], { expired: true }), 'has expired'],
    ['a certificate no authority signed', () => authority.selfSigned(['localhost']), 'is self-signed'],
    ['a certificate for another host', () => authority.issue(['other.example']), 'is for another host (other.example)'],
  ])('%s is refused even with the authority trusted: one sentence naming the host and why', async (_case, certificate, why) => {
    const other = await startTlsFront(remote.url, certificate());
    try {
      const workspace = await laptop(other.url);
      const line = refusal(await plandesk(workspace, ['pull', '--env', 'agency'], { NODE_EXTRA_CA_CERTS: authority.file }));
      expect(line).toBe(`plandesk pull: agency is unreachable (the certificate of localhost:${other.port} was refused: it ${why})`);
    } finally {
      await other.close();
    }
  });
});

describe("through the office's HTTP proxy", () => {
  let proxy: HttpProxy;
  let guarded: HttpProxy;
  const PASSWORD = 'S3cret-pa55word';

  beforeAll(async () => {
    proxy = await startHttpProxy();
    guarded = await startHttpProxy({ user: 'broker', password: PASSWORD });
  });
  afterAll(async () => {
    await proxy.close();
    await guarded.close();
  });

  const trusted = () => ({ NODE_EXTRA_CA_CERTS: authority.file });
  const tunnel = () => `CONNECT localhost:${front.port}`;

  it('HTTPS_PROXY: pushes and pulls through a CONNECT tunnel', async () => {
    const env = { NODE_EXTRA_CA_CERTS: authority.file, HTTPS_PROXY: proxy.url };
    const { workspace, employer } = await laptopWithEmployer(front.url);
    const before = proxy.requests().length;
    const pushed = await plandesk(workspace, ['sync', '--env', 'agency', '--json'], env);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await remoteHasEmployer(employer)).toBe(true);
    const pulled = await plandesk(await laptop(front.url), ['pull', '--env', 'agency', '--json'], env);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(JSON.parse(pulled.stdout).created).toBeGreaterThan(0);
    const carried = proxy.requests().slice(before);
    expect(carried.length).toBeGreaterThan(1);
    expect(new Set(carried)).toEqual(new Set([tunnel()]));
  });

  it('NO_PROXY naming the host: straight to the remote, the proxy not asked', async () => {
    const before = proxy.requests().length;
    const pulled = await plandesk(await laptop(front.url), ['pull', '--env', 'agency', '--json'], {
      NODE_EXTRA_CA_CERTS: authority.file,
      HTTPS_PROXY: proxy.url,
      NO_PROXY: 'example.org,localhost',
    });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(proxy.requests().slice(before)).toEqual([]);
  });

  it('a proxy that asks for a password: pushes and pulls with the one in HTTPS_PROXY, never printing it', async () => {
    const env = { NODE_EXTRA_CA_CERTS: authority.file, HTTPS_PROXY: guarded.url };
    const { workspace, employer } = await laptopWithEmployer(front.url);
    const pushed = await plandesk(workspace, ['sync', '--env', 'agency', '--json'], env);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await remoteHasEmployer(employer)).toBe(true);
    const pulled = await plandesk(await laptop(front.url), ['pull', '--env', 'agency'], env);
    expect(pulled.code, pulled.stderr).toBe(0);
    for (const output of [pushed.stdout, pushed.stderr, pulled.stdout, pulled.stderr]) expect(output).not.toContain(PASSWORD);
    expect(guarded.requests()).toContain(tunnel());
  });

  it('a wrong password: one sentence naming the proxy, without the password', async () => {
    const wrong = guarded.url.replace(PASSWORD, 'not-the-password');
    const line = refusal(await plandesk(await laptop(front.url), ['pull', '--env', 'agency'], { ...trusted(), HTTPS_PROXY: wrong }));
    expect(line).toBe(
      `plandesk pull: agency is unreachable (the proxy http://broker@127.0.0.1:${guarded.port} refused the user name and password given for it (401))`,
    );
    expect(line).not.toContain('not-the-password');
  });

  it('no password for a proxy that asks for one: one sentence saying where it goes', async () => {
    const line = refusal(
      await plandesk(await laptop(front.url), ['pull', '--env', 'agency'], { ...trusted(), HTTPS_PROXY: `http://127.0.0.1:${guarded.port}` }),
    );
    expect(line).toMatch(
      /^plandesk pull: agency is unreachable \(the proxy http:\/\/127\.0\.0\.1:\d+ asks for a user name and password: give them in its address, http:\/\/USER:PASSWORD@HOST:PORT \(40[17]\)\)$/,
    );
  });

  it('a proxy that cannot be reached: one sentence naming it, without its password', async () => {
    const port = await freePort();
    const line = refusal(
      await plandesk(await laptop(front.url), ['pull', '--env', 'agency'], { ...trusted(), HTTPS_PROXY: `http://broker:${PASSWORD}@127.0.0.1:${port}` }),
    );
    expect(line).toBe(`plandesk pull: agency is unreachable (cannot reach the proxy http://broker@127.0.0.1:${port} (connection refused))`);
  });

  it('HTTPS_PROXY that is not an address: said, nothing sent', async () => {
    const line = refusal(await plandesk(await laptop(front.url), ['pull', '--env', 'agency'], { ...trusted(), HTTPS_PROXY: 'ftp://proxy.example:2121' }));
    expect(line).toBe(
      'plandesk pull: agency is unreachable (HTTPS_PROXY names ftp://proxy.example:2121, which is not an http://, https:// or socks5:// proxy)',
    );
  });
});
