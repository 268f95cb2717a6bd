'use strict';
// The baseline of the sync figure (bench/sync-throughput.ts): a plain client, started as its own
// process like `plandesk sync`, that POSTs prepared bodies with 16 requests in flight over one
// keep-alive undici pool and fails on any answer but 200. Plain JavaScript, so it starts as fast as
// Node itself does.
//
//   node bench/plain-push.cjs BODIES_JSON_FILE
//
// The file holds {"url", "token", "concurrency", "bodies": [{"path", "body"}]}.
const { readFileSync } = require('node:fs');
const { Pool } = require('undici');

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: plain-push.cjs BODIES_JSON_FILE');
  const { url, token, concurrency, bodies } = JSON.parse(readFileSync(file, 'utf8'));
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const { path, body } = bodies[next++];
        const response = await pool.request({ method: 'POST', path, headers, body: JSON.stringify(body) });
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
