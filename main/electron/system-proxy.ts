import type { Session } from 'electron';
import { proxyAddress, proxyFromVariables, ProxySettingError, type Network } from '../sync/network';

/**
 * The desktop app reaches a remote as the system's browser would: through the proxy Chromium
 * resolves for the remote's URL from the system's settings (a PAC file, WPAD, the desktop's
 * proxy settings, or on Linux without them the environment's variables), or directly. Chromium
 * gives no credentials: a proxy that asks for them gets the user name and password of
 * HTTPS_PROXY or HTTP_PROXY when those name the same proxy.
 */
export function systemProxy(session: Pick<Session, 'resolveProxy'>, variables: Readonly<Record<string, string | undefined>>): Network {
  const fromVariables = proxyFromVariables(variables);
  return {
    async proxyFor(url) {
      const proxy = proxyFromPac(await session.resolveProxy(url.href), url);
      if (proxy === undefined) return undefined;
      const named = await fromVariables.proxyFor(url).catch(() => undefined);
      return named !== undefined && sameProxy(named, proxy) ? named : proxy;
    },
  };
}

/**
 * The proxy a PAC answer names first (`DIRECT`, `PROXY host:port`, `HTTPS host:port`,
 * `SOCKS5 host:port`, `SOCKS host:port`; several separated by `;`, tried in order by a browser):
 * the first PlanDesk can use, undefined for DIRECT.
 */
export function proxyFromPac(answer: string, url: URL): string | undefined {
  const entries = answer
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  for (const entry of entries) {
    const [kind = '', server] = entry.split(/\s+/);
    const scheme = { PROXY: 'http', HTTPS: 'https', SOCKS: 'socks5', SOCKS5: 'socks5' }[kind.toUpperCase()];
    if (kind.toUpperCase() === 'DIRECT') return undefined;
    if (scheme !== undefined && server !== undefined) return proxyAddress(`${scheme}://${server}`, `the system's proxy setting for ${url.host}`);
  }
  throw new ProxySettingError(`the system's proxy setting for ${url.host} ("${answer}") names no proxy PlanDesk can use (an HTTP, HTTPS or SOCKS5 proxy)`);
}

function sameProxy(a: string, b: string): boolean {
  const [first, second] = [new URL(a), new URL(b)];
  return first.protocol === second.protocol && first.host === second.host;
}
