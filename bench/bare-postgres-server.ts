// The baseline of the postgres figure: a bare node:http + pg server that only stores each POSTed
// JSON body, with the durability `plandesk serve` has on PostgreSQL (synchronous_commit on, one
// commit per request, answered after it), through pg's pool at its default size. Run as its own
// process with the database URL; prints "listening on URL" like serve.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.argv[2]!, options: '-c synchronous_commit=on' });

async function main(): Promise<void> {
  await pool.query('CREATE TABLE IF NOT EXISTS documents (id uuid PRIMARY KEY, body text NOT NULL)');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = randomUUID();
      pool.query('INSERT INTO documents (id, body) VALUES ($1, $2)', [id, Buffer.concat(chunks).toString('utf8')]).then(
        () => {
          const payload = JSON.stringify({ id });
          response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }).end(payload);
        },
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
  process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
