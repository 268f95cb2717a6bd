// A real HTTP proxy on loopback (Debian's tinyproxy; `.ci/run` installs it), started with a
// configuration of the test's own on a free port: CONNECT tunnels to any port, plain forwarding,
// and, if asked, basic authentication. Its log names every request it was asked to carry.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HttpProxy {
  /** http://[user:password@]127.0.0.1:PORT, as HTTPS_PROXY takes it. */
  url: string;
  port: number;
  /** The requests it was asked to carry so far, e.g. "CONNECT localhost:4443". */
  requests(): string[];
  close(): Promise<void>;
}

/** A port nothing listens on now (taken and let go): where a test's proxy or a missing proxy goes. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startHttpProxy(options: { user?: string; password?: string } = {}): Promise<HttpProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-proxy-'));
  const port = await freePort();
  const log = join(dir, 'proxy.log');
  const auth = options.user !== undefined ? `BasicAuth ${options.user} ${options.password ?? ''}\n` : '';
  writeFileSync(
    join(dir, 'tinyproxy.conf'),
    `Port ${port}\nListen 127.0.0.1\nTimeout 60\nLogFile "${log}"\nLogLevel Connect\nMaxClients 64\nAllow 127.0.0.1\nDisableViaHeader Yes\n${auth}`,
  );
  const child = spawn('tinyproxy', ['-d', '-c', join(dir, 'tinyproxy.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; !(await accepting(port)); tries += 1) {
    if (tries > 100 || child.exitCode !== null) throw new Error(`tinyproxy did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const credentials = options.user !== undefined ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@` : '';
  return {
    url: `http://${credentials}127.0.0.1:${port}`,
    port,
    requests: () =>
      existsSync(log) ? [...readFileSync(log, 'utf8').matchAll(/Request \(file descriptor \d+\): (\S+ \S+) HTTP/g)].map((match) => match[1]!) : [],
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
