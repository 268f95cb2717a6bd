'use strict';
// The baseline of the pull figure (bench/pull-throughput.ts): a plain reader, started as its own
// process like `plandesk pull`, that fetches every record through the per-record API with 16
// requests in flight over one keep-alive undici pool: the list of employers, each employer, then
// each plan the employers name. It parses each answer and keeps nothing; it fails on any status but
// 200. Plain JavaScript, so it starts as fast as Node itself does.
//
//   node bench/plain-read.cjs URL TOKEN CONCURRENCY
//
// Prints {"records": N} (employers and plans read).
const { Pool } = require('undici');

async function main() {
  const [url, token, concurrencyText] = process.argv.slice(2);
  if (!url || !token || !concurrencyText) throw new Error('usage: plain-read.cjs URL TOKEN CONCURRENCY');
  const concurrency = Number(concurrencyText);
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const headers = { authorization: `Token ${token}` };
  const read = async (path) => {
    const response = await pool.request({ method: 'GET', path, headers });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${text}`);
    return JSON.parse(text);
  };
  const readAll = async (paths) => {
    const answers = new Array(paths.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < paths.length) {
          const index = next++;
          answers[index] = await read(paths[index]);
        }
      }),
    );
    return answers;
  };
  const employers = await readAll((await read('/employers/list/')).map((employer) => `/employers/${employer.id}/`));
  const plans = await readAll(
    employers.flatMap((employer) => [...employer.plans, ...employer.plans_expired].map((plan) => `/plans/${plan.benefit}/${plan.id}/`)),
  );
  await pool.close();
  process.stdout.write(`${JSON.stringify({ records: employers.length + plans.length })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
