import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A broker's line: the round trip, and what each direction carries. */
export interface LinkShape {
  rttMs: number;
  upMbit: number;
  downMbit: number;
}

/** An office or home line to a hosted service (issue 36): 40 ms away, 20 Mbit/s up, 100 Mbit/s down. */
export const DEFAULT_LINK: LinkShape = { rttMs: 40, upMbit: 20, downMbit: 100 };

export const describeLink = (link: LinkShape) => `${link.rttMs} ms RTT, ${link.upMbit}/${link.downMbit} Mbit/s up/down`;

/**
 * A chunk is passed on in pieces of at most this many bytes, each arriving when its last byte would
 * have: a 64 KiB chunk at 20 Mbit/s takes 26 ms to send, and arriving whole at the end would let the
 * receiver start on none of it sooner.
 */
const PIECE = 16 * 1024;

/**
 * Bytes a connection may have on the way in one direction before its sender is paused: a TCP
 * window's worth, so a sender faster than the line waits on it, as it would on a real one, instead
 * of handing the proxy everything at once.
 */
const WINDOW = 256 * 1024;

/**
 * One direction of the line, shared by every connection through it (as an office's uplink is):
 * bytes leave one after another at its rate, and each piece arrives half a round trip after its
 * last byte left.
 */
class Direction {
  private busyUntil = 0;
  bytes = 0;

  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** When a piece of `size` bytes handed to the line now arrives at the other end (performance.now() time). */
  arrival(size: number): number {
    this.bytes += size;
    const start = Math.max(performance.now(), this.busyUntil);
    this.busyUntil = start + size / this.bytesPerMs;
    return this.busyUntil + this.delayMs;
  }
}

/** One connection's bytes in one direction: queued with their arrival times, written to `to` as they arrive. */
function carry(from: Socket, to: Socket, line: Direction): void {
  const queue: { data: Buffer; at: number }[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let ended = false;

  const deliver = () => {
    timer = undefined;
    const now = performance.now();
    while (queue.length > 0 && queue[0]!.at <= now + 0.5) {
      const { data } = queue.shift()!;
      queued -= data.length;
      if (!to.destroyed) to.write(data);
    }
    if (queued < WINDOW && from.isPaused()) from.resume();
    if (queue.length > 0) timer = setTimeout(deliver, Math.max(0, queue[0]!.at - now));
    else if (ended) to.end();
  };

  from.on('data', (chunk: Buffer) => {
    for (let offset = 0; offset < chunk.length; offset += PIECE) {
      const data = chunk.subarray(offset, offset + PIECE);
      queue.push({ data, at: line.arrival(data.length) });
      queued += data.length;
    }
    if (queued >= WINDOW) from.pause();
    timer ??= setTimeout(deliver, Math.max(0, queue[0]!.at - performance.now()));
  });
  from.on('end', () => {
    ended = true;
    if (queue.length === 0 && timer === undefined) to.end();
  });
}

export interface LinkProxy {
  /** The server's URL as seen through the line (the same path, the proxy's port). */
  url: string;
  /** Bytes carried so far: up (client to server) and down. */
  bytes(): { up: number; down: number };
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy to `target` (an http:// URL) that behaves as a broker's line: each
 * direction paced to its rate and delayed by half the round trip; a new connection waits one round
 * trip (the TCP handshake) before its first byte goes out. Both sides of a figure go through a
 * proxy of their own of the same shape.
 */
export function startLinkProxy(target: string, link: LinkShape): Promise<LinkProxy> {
  const { hostname, port, pathname } = new URL(target);
  const up = new Direction((link.upMbit * 1e6) / 8 / 1000, link.rttMs / 2);
  const down = new Direction((link.downMbit * 1e6) / 8 / 1000, link.rttMs / 2);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    client.pause();
    client.setNoDelay(true);
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => {});
    setTimeout(() => {
      const upstream = connect({ host: hostname, port: Number(port) }, () => client.resume());
      upstream.setNoDelay(true);
      sockets.add(upstream);
      upstream.once('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.once('close', () => upstream.destroy());
      carry(client, upstream, up);
      carry(upstream, client, down);
    }, link.rttMs);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: own } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${own}${pathname === '/' ? '' : pathname}`,
        bytes: () => ({ up: up.bytes, down: down.bytes }),
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
