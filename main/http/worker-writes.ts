import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WireResponse, WireWrite } from './wire.js';

export type WriterMessage = { kind: 'write'; id: number; write: WireWrite; key: string | undefined } | { kind: 'close' };
/** What the writer thread is started with: the database file, and whether the API is strict (2.2.1 only). */
export interface WriterData {
  file: string;
  strictApi: boolean;
}
export type WriterReply = { id: number; response: WireResponse } | { id: number; error: string };

/** Where writes go: answered once durable. */
export interface Writes {
  submit(write: WireWrite, key: string | undefined): Promise<WireResponse>;
  close(): Promise<void>;
}

/**
 * Writes applied by a writer thread (commit-worker.ts) with its own connection to `data.file`, in
 * group commits. Requests cross as their body text, answers as their JSON (wire.ts).
 */
export function startWorkerWrites(data: WriterData, onFailure: (error: Error) => void): Writes {
  const worker = new Worker(workerSource(), { eval: true, workerData: data });
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
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    onFailure(error);
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
