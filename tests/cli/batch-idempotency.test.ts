// `local call --batch` lines may carry "idempotency_key": a key already used answers its stored
// status and body and never acts twice, so a batch killed anywhere can simply be run again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validEmployerBody } from '../support/fixtures.js';
import { runPlandesk } from '../support/cli-run.js';
import { seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';

const BIN = fileURLToPath(new URL('../../bin/plandesk.cjs', import.meta.url));
const LINES = 40;
const KILLS = 10;

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'plandesk-batch-keys-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const employer = (division: string, name: string) =>
  validEmployerBody(division, { name, url: `https://${name.toLowerCase().replace(/ /g, '-')}.example.com`, other_filters: [] });

interface Answer {
  status: number;
  body: { id?: string; detail?: string };
}

/** Runs the batch and kills it with SIGKILL once it has printed `afterLines` answers (never, when undefined). */
function runBatch(dir: string, file: string, afterLines?: number): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'local', 'call', '--workspace', dir, '--batch', file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let buffered = '';
    const answers: Answer[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let end;
      while ((end = buffered.indexOf('\n')) !== -1) {
        answers.push(JSON.parse(buffered.slice(0, end)) as Answer);
        buffered = buffered.slice(end + 1);
        if (afterLines !== undefined && answers.length >= afterLines) child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', () => resolve(answers));
  });
}

describe('a batch with idempotency keys', () => {
  it('survives being killed at random points ten times: every line answered, no record twice', async () => {
    const dir = join(root, 'killed');
    const division = await seedWorkspace(dir, 0);
    const file = join(root, 'killed.jsonl');
    writeFileSync(
      file,
      Array.from({ length: LINES }, (_, index) =>
        JSON.stringify({ method: 'POST', path: '/employers/', body: employer(division, `Killed Batch ${index}`), idempotency_key: `line-${index}` }),
      ).join('\n'),
    );

    const answersByLine = new Map<number, Answer[]>();
    const note = (answers: Answer[]) => answers.forEach((answer, index) => answersByLine.set(index, [...(answersByLine.get(index) ?? []), answer]));
    for (let kill = 0; kill < KILLS; kill += 1) note(await runBatch(dir, file, Math.floor(Math.random() * LINES)));
    const final = await runBatch(dir, file);
    note(final);

    expect(final).toHaveLength(LINES);
    for (const [index, answers] of answersByLine) {
      expect(
        answers.map((answer) => answer.status),
        `line ${index}`,
      ).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((answer) => answer.body.id)).size, `line ${index} got one id`).toBe(1);
    }
    const db = new Database(workspaceFile(dir), { readonly: true });
    try {
      const names = db.prepare("SELECT name FROM employers WHERE name LIKE 'Killed Batch %'").pluck().all() as string[];
      expect(names).toHaveLength(LINES);
      expect(new Set(names).size).toBe(LINES);
    } finally {
      db.close();
    }
  }, 180_000);

  it('answers a used key with the stored status and body, refuses it for another request, and checks the key', async () => {
    const dir = join(root, 'replay');
    const division = await seedWorkspace(dir, 0);
    const create = { method: 'POST', path: '/employers/', body: employer(division, 'Replayed Co') };
    const reordered = Object.fromEntries(Object.entries(create.body).reverse());
    const file = join(root, 'replay.jsonl');
    writeFileSync(
      file,
      [
        { ...create, idempotency_key: 'k1' },
        { ...create, idempotency_key: 'k1' },
        { ...create, body: reordered, idempotency_key: 'k1' },
        { ...create, body: employer(division, 'Other Co'), idempotency_key: 'k1' },
        { ...create, idempotency_key: 42 },
        { ...create, idempotency_key: 'k\u0000' },
        { ...create, idempotency_key: 'k\ud800' },
        { ...create },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const result = await runPlandesk(['local', 'call', '--workspace', dir, '--batch', file]);
    expect(result.code, result.stderr).toBe(0);
    const [first, replay, replayReordered, reused, ...rest] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Answer);
    expect(first!.status).toBe(200);
    expect(replay).toEqual(first);
    expect(replayReordered).toEqual(first);
    expect(reused).toEqual({ status: 400, body: { detail: 'This Idempotency-Key was already used with a different request.' } });
    const badKey = { status: 400, body: { detail: '"idempotency_key" must be 1 to 255 printable ASCII characters (from space to "~"), such as a UUID.' } };
    expect(rest.slice(0, 3)).toEqual([badKey, badKey, badKey]);
    expect(rest[3]!.status).toBe(400);
  });
});
