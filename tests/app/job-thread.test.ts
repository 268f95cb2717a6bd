// The app's worker thread, as its caller sees it: a job answers its value or its error, and a worker
// that cannot start, crashes or exits rejects the jobs it held (never leaves one waiting); the next
// job gets a new worker. Each test's worker is a script of its own around the real serveJobs.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { JobThread, type JobTable } from '../../main/app/job-thread.js';

const JOB_THREAD = fileURLToPath(new URL('../../main/app/job-thread.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'plandesk-job-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface TestJobs extends JobTable {
  echo: (text: string) => { text: string; thread: number };
  fail: (message: string) => never;
  length: (bytes: Uint8Array) => number;
  exit: (code: number) => never;
  wait: () => Promise<never>;
}

/** A worker serving `jobs` (the text of an object literal) with the real serveJobs; `before` runs first. */
function workerSource(jobs: string, before = ''): string {
  return `require('tsx/cjs/api').register();
    ${before}
    const { parentPort, threadId } = require('node:worker_threads');
    require(${JSON.stringify(JOB_THREAD)}).serveJobs(parentPort, ${jobs});`;
}

const JOBS = `{
  echo: (text) => ({ text, thread: threadId }),
  fail: (message) => { throw new TypeError(message); },
  length: (bytes) => bytes.length,
  exit: (code) => process.exit(code),
  wait: () => new Promise(() => {}),
}`;

/** The error a job was rejected with; a job that answers fails the test. */
async function failureOf(job: Promise<unknown>): Promise<Error> {
  try {
    await job;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the job answered');
}

const threads: JobThread<TestJobs>[] = [];
function jobThread(source = workerSource(JOBS), idleMs = 60_000): JobThread<TestJobs> {
  const thread = new JobThread<TestJobs>({ source, idleMs, describe: (name) => `doing ${name}` });
  threads.push(thread);
  return thread;
}
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

describe('a job in the worker thread', () => {
  it('answers its value, computed on another thread', async () => {
    const answer = await jobThread().run('echo', ['hello']);
    expect(answer.text).toBe('hello');
    expect(answer.thread).not.toBe(threadId);
  });

  it('runs one job after another in the same worker while it is kept', async () => {
    const thread = jobThread();
    const first = await thread.run('echo', ['a']);
    const second = await thread.run('echo', ['b']);
    expect(second.thread).toBe(first.thread);
  });

  it("answers a job's error with its message, and the worker's stack to log", async () => {
    const failure = await failureOf(jobThread().run('fail', ['the PDF has no pages']));
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toBe('the PDF has no pages');
    expect(failure.stack).toContain('TypeError: the PDF has no pages');
  });

  it('moves a transferred buffer to the worker rather than copying it', async () => {
    const bytes = new Uint8Array(1024);
    expect(await jobThread().run('length', [bytes], [bytes.buffer])).toBe(1024);
    expect(bytes.byteLength).toBe(0);
  });
});

describe('a worker that fails', () => {
  it('rejects the job it was doing when it exits, saying what it was doing, and the next job runs in a new worker', async () => {
    const thread = jobThread();
    const before = await thread.run('echo', ['before']);
    const failure = await failureOf(thread.run('exit', [70]));
    expect(failure.message).toBe('the background thread doing exit stopped (exit code 70); try again');
    const after = await thread.run('echo', ['after']);
    expect(after.text).toBe('after');
    expect(after.thread).not.toBe(before.thread);
  });

  it('rejects every job it held, not only the one that crashed it', async () => {
    const thread = jobThread();
    const waiting = failureOf(thread.run('wait', []));
    const crashing = failureOf(thread.run('exit', [3]));
    expect((await waiting).message).toBe('the background thread doing wait and doing exit stopped (exit code 3); try again');
    expect((await crashing).message).toBe((await waiting).message);
  });

  it('rejects the job when the worker cannot start (its script fails to load)', async () => {
    const failure = await failureOf(jobThread(`throw new Error('cannot find the job module');`).run('echo', ['x']));
    expect(failure.message).toBe('the background thread doing echo stopped: cannot find the job module; try again');
  });

  it('rejects the job when the worker throws outside any job, and recovers once the cause is gone', async () => {
    const marker = join(dir, 'crash-once');
    writeFileSync(marker, '');
    const source = workerSource(
      JOBS,
      `const fs = require('node:fs'); if (fs.existsSync(${JSON.stringify(marker)})) { fs.rmSync(${JSON.stringify(marker)}); setImmediate(() => { throw new RangeError('out of luck'); }); }`,
    );
    const thread = jobThread(source);
    const failure = await failureOf(thread.run('wait', []));
    expect(failure.message).toBe('the background thread doing wait stopped: out of luck; try again');
    expect(existsSync(marker)).toBe(false);
    expect((await thread.run('echo', ['again'])).text).toBe('again');
  });

  it('refuses a job whose arguments cannot cross to the thread, and goes on with the next', async () => {
    const thread = jobThread();
    await expect(thread.run('echo', [(() => 'a function') as unknown as string])).rejects.toThrow(/could not be cloned/);
    expect((await thread.run('echo', ['next'])).text).toBe('next');
  });
});

describe("the worker's life", () => {
  it('ends the worker after it has been idle, and starts another for the next job', async () => {
    const thread = jobThread(workerSource(JOBS), 50);
    const first = await thread.run('echo', ['a']);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const second = await thread.run('echo', ['b']);
    expect(second.thread).not.toBe(first.thread);
  });

  it('refuses jobs once closed, and rejects the ones it was doing', async () => {
    const thread = jobThread();
    const waiting = failureOf(thread.run('wait', []));
    await thread.close();
    expect((await waiting).message).toBe('PlanDesk is closing.');
    await expect(thread.run('echo', ['late'])).rejects.toThrow('PlanDesk is closing.');
  });
});
