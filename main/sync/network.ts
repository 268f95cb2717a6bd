/**
 * How this process reaches a remote: directly, or through the proxy its settings name for the
 * remote's URL. The command line reads the environment's variables (proxyFromVariables); the
 * desktop app asks the system's settings (main/electron/system-proxy.ts).
 */
export interface Network {
  /** The proxy `url` is reached through (`http://[user:password@]host:port`, or https:// or socks5://), or undefined: directly. */
  proxyFor(url: URL): Promise<string | undefined>;
}

/** No proxy: every remote is reached directly. */
export const DIRECT: Network = { proxyFor: async () => undefined };

/** A proxy setting that is not a proxy's address: said before anything is sent. */
export class ProxySettingError extends Error {}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * The proxies `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` name (each also in lower case, which wins),
 * as curl and undici's EnvHttpProxyAgent read them: an https:// remote goes through HTTPS_PROXY,
 * else HTTP_PROXY; an http:// one through HTTP_PROXY; none whose host NO_PROXY lists (a name
 * matches itself and its subdomains, `.example.com` and `*.example.com` the subdomains too, `*`
 * every host, `host:port` only that port). A proxy without a scheme is taken as http://.
 */
export function proxyFromVariables(variables: Readonly<Record<string, string | undefined>>): Network {
  const read = (name: string) => {
    const value = variables[name.toLowerCase()] ?? variables[name];
    return value === undefined || value.trim() === '' ? undefined : { name, value: value.trim() };
  };
  const httpProxy = read('HTTP_PROXY');
  const httpsProxy = read('HTTPS_PROXY') ?? httpProxy;
  const bypass = noProxyEntries(read('NO_PROXY')?.value ?? '');
  return {
    async proxyFor(url) {
      const setting = url.protocol === 'https:' ? httpsProxy : httpProxy;
      if (setting === undefined || bypassed(bypass, url)) return undefined;
      return proxyAddress(setting.value, setting.name);
    },
  };
}

/** A proxy's address as given in a setting, checked: http://, https:// or socks5:// (http:// when no scheme is given). */
export function proxyAddress(value: string, setting: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new ProxySettingError(`${setting} is not a proxy's address (give http://HOST:PORT, with USER:PASSWORD@ before the host if the proxy asks for them)`);
  }
  if (!['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol) || url.hostname === '') {
    throw new ProxySettingError(`${setting} names ${proxyName(url.href)}, which is not an http://, https:// or socks5:// proxy`);
  }
  return url.href;
}

/** A proxy's address as it may be shown: its scheme, user, host and port, never its password. */
export function proxyName(proxy: string): string {
  try {
    const url = new URL(proxy);
    const user = url.username === '' ? '' : `${decodeURIComponent(url.username)}@`;
    return `${url.protocol}//${user}${url.host}`;
  } catch {
    return 'the proxy';
  }
}

interface Bypass {
  hostname: string;
  port: number;
  /** `*.example.com`: subdomains only, not example.com itself. */
  subdomainsOnly: boolean;
}

function noProxyEntries(value: string): Bypass[] {
  return value
    .split(/[,\s]/)
    .filter((entry) => entry !== '')
    .map((entry) => {
      // [::1]:443, host:port, or a host alone (an IPv6 address bare or bracketed).
      const bracketed = /^\[(.+)\]:(\d+)$/.exec(entry);
      const unbracketed = entry.replace(/^\[(.+)\]$/, '$1');
      const withPort = bracketed ?? ((unbracketed.match(/:/g) ?? []).length === 1 ? /^(.+):(\d+)$/.exec(unbracketed) : null);
      const [hostname, port] = withPort ? [withPort[1]!, Number(withPort[2])] : [unbracketed, 0];
      return {
        hostname: hostname
          .replace(/^\*?\./, '')
          .replace(/\.$/, '')
          .toLowerCase(),
        port,
        subdomainsOnly: entry.startsWith('*'),
      };
    });
}

function bypassed(entries: readonly Bypass[], url: URL): boolean {
  const hostname = url.hostname
    .replace(/^\[(.+)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  return entries.some((entry) => {
    if (entry.port !== 0 && entry.port !== port) return false;
    if (entry.hostname === '*') return true;
    return (!entry.subdomainsOnly && hostname === entry.hostname) || hostname.endsWith(`.${entry.hostname}`);
  });
}
