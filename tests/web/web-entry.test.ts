// `npm run web`'s compiled entry (out/main/web.js) run for real: the address with its secret on
// standard output, the built renderer and the bridge served, the workspace it was told, SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initWorkspace } from '../../main/workspace/workspace.js';
import { sendToLoopback } from '../support/loopback-http.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const WEB_ENTRY = join(REPO, 'out', 'main', 'web.js');
const send = sendToLoopback;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-web-entry-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run web (out/main/web.js, compiled from main/web/index.ts)', () => {
  it('prints the address with its secret, serves the built renderer, and stops on SIGTERM', async () => {
    const workspace = join(dir, 'cli-ws');
    const child = spawn(process.execPath, [WEB_ENTRY, '--port', '0'], {
      cwd: REPO,
      env: { ...process.env, PLANDESK_WORKSPACE: workspace },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await expectServesWorkspace(child, workspace, { ready: false });
  });

  it('takes the workspace from --workspace DIR, over $PLANDESK_WORKSPACE', async () => {
    const workspace = join(dir, 'flag-ws');
    await initWorkspace(workspace, { account: 'Flag Brokers', email: 'flag@example.com', division: 'Main' });
    const child = spawn(process.execPath, [WEB_ENTRY, '--workspace', workspace, '--port', '0'], {
      cwd: REPO,
      env: { ...process.env, PLANDESK_WORKSPACE: join(dir, 'not-this-one') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await expectServesWorkspace(child, workspace, expect.objectContaining({ ready: true, account: 'Flag Brokers' }));
  });

  /** Standard output is exactly one line `open URL` (INTERFACES.md); the workspace is named on stderr. */
  async function expectServesWorkspace(child: ReturnType<typeof spawn>, workspace: string, status: unknown): Promise<void> {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      await expect.poll(() => /^open (http:\/\/127\.0\.0\.1:(\d+)\/#secret=([\w-]+))\n$/.exec(stdout), { timeout: 15_000, interval: 50 }).not.toBeNull();
      const [, , port, childSecret] = /^open (http:\/\/127\.0\.0\.1:(\d+)\/#secret=([\w-]+))\n$/.exec(stdout)!;
      expect(stderr).toContain(`workspace ${workspace}`);
      const page = await send({ path: '/', port: Number(port) });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root">');
      expect(page.headers['content-security-policy']).toBeDefined();
      const answer = await send({
        method: 'POST',
        path: '/bridge/workspace',
        port: Number(port),
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', 'x-plandesk-secret': childSecret! },
        body: '[]',
      });
      expect(answer.json).toEqual({ result: status });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } catch (error) {
      throw new Error(`${String(error)}\nstdout: ${stdout}\nstderr: ${stderr}`, { cause: error });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }

  it('refuses a bad --port', async () => {
    const child = spawn(process.execPath, [WEB_ENTRY, '--port', 'eighty'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
    expect(code).toBe(2);
    expect(stderr).toContain('--port must be a port number');
  });

  it('refuses an unknown option with exit 2 and the usage', async () => {
    const child = spawn(process.execPath, [WEB_ENTRY, '--worksapce', dir], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--worksapce'");
    expect(stderr).toContain('npm run web -- [--workspace DIR] [--port N]');
  });

  it('refuses a --port another program holds with one line and exit 1, not a stack trace', async () => {
    const holder = createServer();
    await new Promise<void>((listening) => holder.listen(0, '127.0.0.1', listening));
    try {
      const { port } = holder.address() as AddressInfo;
      const child = spawn(process.execPath, [WEB_ENTRY, '--port', String(port), '--workspace', join(dir, 'port-taken-ws')], {
        cwd: REPO,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
      expect(code).toBe(1);
      expect(stderr.trimEnd().split('\n')).toEqual([`plandesk web: listen EADDRINUSE: address already in use 127.0.0.1:${port}`]);
    } finally {
      holder.close();
    }
  });
});
