import { extname, join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { StorageProblem } from '../../shared/resources/workspace.js';
import { StorageError } from '../store/storage-errors.js';
import type { WireResponse, WireWrite } from './wire.js';

export type WriterMessage = { kind: 'write'; id: number; write: WireWrite; key: string | undefined } | { kind: 'close' };
/**
 * What the writer thread is started with: the SQLite file, whether the API is strict (2.2.1 only),
 * the body limit its batches' operations are held to (the server's), and the shared memory its
 * commit sizes go to (serve's metrics).
 */
export interface WriterData {
  file: string;
  strictApi: boolean;
  bodyLimit: number;
  commitSizes: SharedArrayBuffer;
}
export type WriterReply = { id: number; response: WireResponse } | { id: number; error: string };
/** The writer's first message: its connection is open, or why it could not be opened. */
export type WriterStart = { ready: true } | { ready: false; problem: StorageProblem | undefined; message: string };

/**
 * The writer thread stopped: no write can be made until `serve` is started again. Answered 503 with
 * the sentence; reads go on being answered by the main thread.
 */
class WriterStopped extends Error {
  constructor(reason: string) {
    super(
      `the server cannot write any more (its writer stopped: ${reason}); reads are still answered. Restart \`plandesk serve\`, which checks the database as it opens it`,
    );
  }
}

/** A write refused because the writer stopped, as the API answers it. */
export function writerStoppedResponse(error: unknown): { status: 503; body: { detail: string } } | undefined {
  return error instanceof WriterStopped ? { status: 503, body: { detail: error.message } } : undefined;
}

/** Where writes go: answered once durable. */
export interface Writes {
  submit(write: WireWrite, key: string | undefined): Promise<WireResponse>;
  close(): Promise<void>;
}

/**
 * Writes applied by a writer thread (commit-worker.ts) with its own connection to the SQLite file
 * `data.file`, in group commits. Requests cross as their body text, answers as their JSON
 * (wire.ts). Resolves once the writer has its connection; rejects with the StorageError when it
 * cannot open the database.
 */
export async function startWorkerWrites(data: WriterData, onFailure: (error: Error) => void): Promise<Writes> {
  const worker = new Worker(workerSource(), { eval: true, workerData: data });
  const [start] = (await once(worker, 'message')) as [WriterStart];
  if (!start.ready) {
    await once(worker, 'exit');
    throw start.problem ? new StorageError(start.problem, start.message) : new Error(start.message);
  }
  const pending = new Map<number, { resolve: (response: WireResponse) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;

  worker.on('message', (reply: WriterReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if ('response' in reply) waiting?.resolve(reply.response);
    else waiting?.reject(new Error(reply.error));
  });
  const fail = (error: Error) => {
    if (failure) return;
    failure = new WriterStopped(error.message);
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
    onFailure(failure);
  };
  worker.on('error', fail);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let closing = false;
  worker.once('exit', (code) => {
    if (!closing) fail(new Error(`the writer thread stopped (exit code ${code})`));
  });

  return {
    submit(write, key) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        nextId += 1;
        pending.set(nextId, { resolve, reject });
        worker.postMessage({ kind: 'write', id: nextId, write, key } satisfies WriterMessage);
      });
    },
    async close() {
      closing = true;
      worker.postMessage({ kind: 'close' } satisfies WriterMessage);
      await exited;
    },
  };
}

/** The worker's module: TypeScript through tsx in a checkout, plain JavaScript once compiled. */
function workerSource(): string {
  const extension = extname(__filename);
  const module = JSON.stringify(join(__dirname, `commit-worker${extension}`));
  return extension === '.ts' ? `require('tsx/cjs/api').register(); require(${module});` : `require(${module});`;
}
