// The baseline of the serve figure: a bare node:http + better-sqlite3 server that only stores each
// POSTed JSON body, with the durability `plandesk serve` has (WAL, synchronous = FULL, one commit
// per request, answered after it). Run as its own process; prints "listening on URL" like serve.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

const db = new Database(process.argv[2]!);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT');
const insert = db.prepare('INSERT INTO documents (id, body) VALUES (?, ?)');

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const id = randomUUID();
    insert.run(id, Buffer.concat(chunks).toString('utf8'));
    const payload = JSON.stringify({ id });
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }).end(payload);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () =>
  server.close(() => {
    db.close();
    process.exit(0);
  }),
);
