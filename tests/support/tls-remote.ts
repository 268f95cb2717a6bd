// HTTPS on loopback, as a broker reaches an agency's server: a throw-away certificate authority
// made by the test (openssl), certificates it signs (for this host, for another host, expired) or
// one signed by nobody, and a TLS front that holds one of them and passes the bytes on to a plain
// HTTP server, as nginx in front of `plandesk serve` does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type TLSSocket } from 'node:tls';

export interface Certificate {
  key: string;
  cert: string;
}

export interface Authority {
  /** The authority's certificate, a PEM file (what NODE_EXTRA_CA_CERTS or a system store names). */
  file: string;
  /** A certificate for `hosts` (names or IP addresses) that it signs; `expired`: its validity ended yesterday. */
  issue(hosts: string[], options?: { expired?: boolean }): Certificate;
  /** A certificate for `hosts` signed by itself: no authority vouches for it. */
  selfSigned(hosts: string[]): Certificate;
  dispose(): void;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

export function throwawayAuthority(name = 'PlanDesk Test Agency CA'): Authority {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-ca-'));
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', `/CN=${name}`]);
  let serial = 0;
  const subjectAltName = (hosts: string[]) => `subjectAltName=${hosts.map((host) => (/^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`)).join(',')}`;
  const read = (base: string): Certificate => ({ key: readFileSync(join(dir, `${base}.key`), 'utf8'), cert: readFileSync(join(dir, `${base}.pem`), 'utf8') });
  return {
    file: join(dir, 'ca.pem'),
    issue(hosts, options = {}) {
      const base = `leaf${(serial += 1)}`;
      openssl(dir, [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${base}.key`,
        '-out',
        `${base}.csr`,
        '-subj',
        `/CN=${hosts[0]}`,
        '-addext',
        subjectAltName(hosts),
      ]);
      // `-days -1`: valid from now until yesterday, which a verifier reports as expired.
      const days = options.expired ? '-1' : '2';
      openssl(dir, [
        'x509',
        '-req',
        '-in',
        `${base}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-set_serial',
        String(serial),
        '-days',
        days,
        '-copy_extensions',
        'copy',
        '-out',
        `${base}.pem`,
      ]);
      return read(base);
    },
    selfSigned(hosts) {
      const base = `self${(serial += 1)}`;
      openssl(dir, [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${base}.key`,
        '-out',
        `${base}.pem`,
        '-days',
        '2',
        '-subj',
        `/CN=${hosts[0]}`,
        '-addext',
        subjectAltName(hosts),
        '-addext',
        'basicConstraints=critical,CA:FALSE',
      ]);
      return read(base);
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TlsFront {
  /** https://localhost:PORT */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** TLS on a free loopback port with `certificate`, each connection passed on to the plain HTTP server at `target`. */
export function startTlsFront(target: string, certificate: Certificate): Promise<TlsFront> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<TLSSocket | ReturnType<typeof connect>>();
  const server = createServer({ key: certificate.key, cert: certificate.cert }, (socket) => {
    const upstream = connect(Number(port), hostname);
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('error', () => {});
      end.once('close', () => {
        sockets.delete(end);
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  });
  // A client that refuses the certificate ends the handshake: nothing to report.
  server.on('tlsClientError', () => {});
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port: own } = server.address() as { port: number };
      resolve({
        url: `https://localhost:${own}`,
        port: own,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
