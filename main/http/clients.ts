import type { IncomingMessage } from 'node:http';
import type { TrustedProxies } from './client-address.js';
import { toWire, type WireResponse } from './wire.js';

/**
 * Who each request comes from, and the limit of one client's requests in progress through a
 * trusted proxy: a proxy's connections carry many clients, so there the connection limit per client
 * address (`--max-connections-per-client`) counts each client's requests at once instead.
 */
export class Clients {
  private readonly inProgress = new Map<string, number>();

  constructor(
    private readonly trustProxy: TrustedProxies | undefined,
    private readonly limit: number,
  ) {}

  /** The request's client address: its connection's, or behind a trusted proxy the one X-Forwarded-For gives. */
  of(request: IncomingMessage): string {
    const connection = request.socket.remoteAddress ?? '-';
    return this.trustProxy ? this.trustProxy.clientOf(connection, request.headers['x-forwarded-for']) : connection;
  }

  /** Whether a connection is counted against its address's limit: a trusted proxy's is not. */
  countsConnection(address: string | undefined): boolean {
    return !this.trustProxy?.trusts(address);
  }

  /** `work`, counted among `client`'s requests in progress when it comes through a trusted proxy; beyond the limit, 429 instead. */
  async counted(request: IncomingMessage, client: string, work: () => Promise<WireResponse>): Promise<WireResponse> {
    if (this.countsConnection(request.socket.remoteAddress)) return work();
    const count = (this.inProgress.get(client) ?? 0) + 1;
    if (count > this.limit) {
      return toWire({ status: 429, body: { detail: `Too many requests at once from your address: at most ${this.limit}.` }, headers: { 'Retry-After': '1' } });
    }
    this.inProgress.set(client, count);
    try {
      return await work();
    } finally {
      const left = (this.inProgress.get(client) ?? 1) - 1;
      if (left === 0) this.inProgress.delete(client);
      else this.inProgress.set(client, left);
    }
  }
}
