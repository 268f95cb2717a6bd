import { BlockList, isIP } from 'node:net';

/**
 * The reverse proxies `serve --trust-proxy` believes: a request whose connection comes from one of
 * them is its client's, named by the `X-Forwarded-For` it carries. From any other address the
 * header is the client's own word, and ignored.
 */
export class TrustedProxies {
  private readonly list = new BlockList();

  /** `entries`: addresses (`10.0.0.5`, `::1`) or networks (`10.0.0.0/8`); `option` names where they came from, for the refusal. */
  constructor(entries: readonly string[], option: string) {
    for (const entry of entries) {
      const [address = '', prefix, extra] = entry.split('/');
      const family = isIP(address);
      const bits = Number(prefix);
      const maxBits = family === 6 ? 128 : 32;
      if (family === 0 || extra !== undefined || (prefix !== undefined && (!/^\d+$/.test(prefix) || bits > maxBits))) {
        throw new Error(`${option} takes IP addresses or networks, such as 127.0.0.1, ::1 or 10.0.0.0/8 (got "${entry}")`);
      }
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, bits, type);
    }
  }

  trusts(address: string | undefined): boolean {
    if (address === undefined) return false;
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The client's address: the connection's, unless that is a trusted proxy; then the right-most
   * address of `X-Forwarded-For` that is not a trusted proxy (each proxy appends the address it was
   * reached from, so whatever stands left of that is the client's own claim). A header that names
   * only trusted proxies gives its left-most; a missing or unreadable one leaves the connection's.
   */
  clientOf(connection: string, forwardedFor: string | string[] | undefined): string {
    if (!this.trusts(connection) || forwardedFor === undefined) return connection;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((hop) => addressOf(hop.trim()));
    let client = connection;
    for (let index = hops.length - 1; index >= 0; index -= 1) {
      const hop = hops[index];
      if (hop === undefined) return client;
      client = hop;
      if (!this.trusts(hop)) return hop;
    }
    return client;
  }
}

/** The address of one X-Forwarded-For entry, which some proxies write with a port (`1.2.3.4:5678`, `[::1]:5678`); undefined for anything else. */
function addressOf(hop: string): string | undefined {
  if (isIP(hop) !== 0) return hop;
  const withPort = /^\[([^\]]+)\]:\d+$/.exec(hop) ?? /^([^:]+):\d+$/.exec(hop);
  return withPort && isIP(withPort[1]!) !== 0 ? withPort[1] : undefined;
}
