'use strict';
// The baseline of the push figures (bench/push-throughput.ts): a plain client, started as its own
// process like `plandesk sync`, that POSTs prepared bodies with 16 requests in flight over one
// keep-alive undici pool and fails on any answer but 200. Plain JavaScript, so it starts as fast as
// Node itself does.
//
//   node bench/plain-push.cjs BODIES_JSON_FILE
//
// The file holds {"url", "token", "concurrency", "keyed", "bodies": [{"path", "body"}]}. With
// "keyed": true every POST carries an Idempotency-Key of its own, as `plandesk sync` sends them:
// that measures what the key alone costs the server, apart from everything else the sync does.
const { readFileSync } = require('node:fs');
const { Pool } = require('undici');

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: plain-push.cjs BODIES_JSON_FILE');
  const { url, token, concurrency, keyed, bodies } = JSON.parse(readFileSync(file, 'utf8'));
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
  // Keys that grow with time, like the sync's UUIDv7 keys: each lands at the end of the server's key index.
  const run = Date.now().toString(36);
  const headersOf = keyed ? (index) => ({ ...headers, 'idempotency-key': `${run}-${String(index).padStart(8, '0')}` }) : () => headers;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const index = next++;
        const { path, body } = bodies[index];
        const response = await pool.request({ method: 'POST', path, headers: headersOf(index), body: JSON.stringify(body) });
        const text = await response.body.text();
        if (response.statusCode !== 200) throw new Error(`POST ${path} answered ${response.statusCode}: ${text}`);
      }
    }),
  );
  await pool.close();
  process.stdout.write(`${JSON.stringify({ pushed: bodies.length })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
