// A loopback TCP relay in front of a server (the tests' PostgreSQL), which a test can take away and
// bring back: to the program connecting through it, exactly a database server that goes away (its
// connections reset, new ones refused) and returns on the same address.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';

export interface TcpProxy {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  /** Stops forwarding: bytes sent either way wait, as on a server that hangs mid-answer. */
  hold(): void;
  /** Forwards again what `hold` kept waiting: the server answers again. */
  release(): void;
  /** Resets every connection and refuses new ones, until `restore`. */
  cut(): Promise<void>;
  /** Listens again on the same port and forwards as before. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let holding = false;

  const listen = async (port: number): Promise<Server> => {
    const server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          open.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
      if (holding) for (const socket of [client, upstream]) socket.pause();
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return server;
  };

  let server: Server | undefined = await listen(0);
  const { port } = server.address() as { port: number };

  const stop = async () => {
    const closing = server;
    server = undefined;
    holding = false;
    for (const socket of open) socket.resetAndDestroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  return {
    port,
    hold: () => {
      holding = true;
      for (const socket of open) socket.pause();
    },
    release: () => {
      holding = false;
      for (const socket of open) socket.resume();
    },
    cut: stop,
    async restore() {
      if (server) return;
      server = await listen(port);
    },
    close: stop,
  };
}

/** `url` (a postgres:// URL) with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const through = new URL(url);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  return through.toString();
}
