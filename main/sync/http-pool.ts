import { getCACertificates } from 'node:tls';
import type { Dispatcher, Pool } from 'undici';
import UndiciPool from 'undici/lib/dispatcher/pool.js';
import request from 'undici/lib/api/api-request.js';

/** What a Remote asks of its connections: a request, and closing them. */
export interface HttpPool {
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

/**
 * Keep-alive connections to one origin, directly (an undici Pool) or through `proxy` (undici's
 * ProxyAgent: a CONNECT tunnel for an https:// origin). The direct pool's two parts are required by
 * path: undici's entry loads everything the package offers (fetch, WebSocket, mocks, caches,
 * proxies), about 45 ms of every sync's and pull's start, of which a direct sync uses a Pool and its
 * request method (tests/sync/http-pool.test.ts holds them to be undici's own); the entry is loaded
 * only when a proxy is set.
 * An https:// origin is trusted as the operating system trusts it: Node's bundled authorities,
 * those of NODE_EXTRA_CA_CERTS, and the system's store (trustedAuthorities).
 */
export async function httpPool(origin: string, options: Pool.Options, proxy?: string): Promise<HttpPool> {
  const tls = new URL(origin).protocol === 'https:' ? { ca: trustedAuthorities() } : undefined;
  let dispatcher: Dispatcher;
  if (proxy === undefined) dispatcher = new UndiciPool(origin, { ...options, ...(tls ? { connect: tls } : {}) });
  else {
    // Through a proxy, undici's entry after all: its ProxyAgent tunnels with the connect method the entry attaches.
    const { ProxyAgent } = await import('undici');
    dispatcher = new ProxyAgent({ ...options, uri: proxy, ...(tls ? { requestTls: tls, proxyTls: tls } : {}) });
  }
  return {
    request: (requestOptions) => request.call(dispatcher, { ...requestOptions, origin }),
    close: () => dispatcher.close(),
  };
}

let authorities: string[] | undefined;

/**
 * The authorities an https:// remote's certificate may be signed by: Node's defaults (its bundled
 * list, and NODE_EXTRA_CA_CERTS) and the operating system's store (on Linux the OpenSSL locations,
 * SSL_CERT_FILE and SSL_CERT_DIR when set; the keychain on macOS, the certificate store on
 * Windows), where an agency installs the authority its proxy re-signs with. Read once a process.
 */
function trustedAuthorities(): string[] {
  authorities ??= [...new Set([...getCACertificates('default'), ...systemAuthorities()])];
  return authorities;
}

function systemAuthorities(): string[] {
  try {
    return getCACertificates('system');
  } catch {
    // A system store that cannot be read leaves Node's own defaults.
    return [];
  }
}
