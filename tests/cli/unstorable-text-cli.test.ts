// A NUL or a lone surrogate sent to `plandesk local call` or to `plandesk serve` (whose writes are
// parsed and validated on its writer thread) is refused with a 400 naming the field, as the
// in-process API tests show for every field (tests/api/unstorable-text.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { validEmployerBody } from '../support/fixtures.js';
import { serveDatabase } from '../support/postgres.js';
import { startServeChild } from '../support/serve-process.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-unstorable-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** JSON text as a client sends it: the characters written as escapes. */
const employerText = (division: string, name: string) =>
  JSON.stringify(validEmployerBody(division, { name, url: 'https://globex.example.com', other_filters: [] }));

describe('a NUL or a lone surrogate in a string field', () => {
  it('is refused by `local call` with 400 naming the field', async () => {
    const ws = join(dir, 'ws');
    expect((await runPlandesk(['local', 'init', '--workspace', ws, '--account', 'A', '--email', 'me@broker.example.com', '--division', 'Main'])).code).toBe(0);
    const divisions = JSON.parse((await runPlandesk(['local', 'call', '--workspace', ws, 'GET', '/divisions/list/'])).stdout).body as { id: string }[];
    const refused = await runPlandesk(
      ['local', 'call', '--workspace', ws, 'POST', '/employers/', '--body', '-'],
      employerText(divisions[0]!.id, 'Glo\u0000bex'),
    );
    expect(JSON.parse(refused.stdout)).toEqual({ status: 400, body: { name: ['Null characters are not allowed.'] } });
    const list = JSON.parse((await runPlandesk(['local', 'call', '--workspace', ws, 'GET', '/employers/list/'])).stdout).body as unknown[];
    expect(list).toEqual([]);
  });

  it('is refused by `serve` with 400 naming the field', async () => {
    const database = await serveDatabase(dir, 'unstorable');
    const boot = JSON.parse(
      (await runPlandesk(['admin', 'bootstrap', '--db', database.url, '--account', 'A', '--email', 'admin@acme.example.com', '--division', 'West'])).stdout,
    ) as { token: string; division: string };
    const serve = await startServeChild(database.url);
    try {
      const response = await fetch(`${serve.url}/employers/`, {
        method: 'POST',
        headers: { authorization: `Token ${boot.token}`, 'content-type': 'application/json' },
        body: employerText(boot.division, 'Glo\ud800bex'),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ name: ['Surrogate characters are not allowed: U+D800.'] });
    } finally {
      expect(await serve.stop()).toBe(0);
      await database.drop();
    }
  });
});
