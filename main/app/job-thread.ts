// Heavy work that needs no database connection of the main thread's (reading an SBC or a sheet,
// drawing a PDF, reading the whole database file to check it) runs in a worker thread, so the
// thread that answers the window never stalls on it. One module, both sides of the thread: the
// main thread's JobThread and the worker's serveJobs.
import { Worker, type MessagePort, type TransferListItem } from 'node:worker_threads';

/** What the worker may be asked: its jobs by name, each taking cloneable arguments and answering a cloneable value (or a promise of one). */
export type JobTable = Record<string, (...args: never[]) => unknown>;

interface JobRequest {
  id: number;
  name: string;
  args: unknown[];
}

type JobReply = { id: number; value: unknown } | { id: number; error: { message: string; stack: string | undefined } };

export interface JobThreadOptions<Table extends JobTable> {
  /** The worker's script, evaluated as CommonJS (it requires the entry that calls serveJobs). */
  source: string;
  /** The worker ends after this long without a job; the next job starts another. */
  idleMs: number;
  /** A job in words, for the message when its worker fails: "making the exhibit PDF". */
  describe: (name: keyof Table & string) => string;
}

interface Pending {
  name: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Runs jobs in one worker thread: started at the first job and kept while jobs come (the libraries
 * a job loads stay loaded), ended after `idleMs` without one. A job's own error comes back as an
 * Error with its message and the worker's stack; a worker that crashes, exits or cannot start
 * rejects every job it held (never leaves one waiting), and the next job starts a new worker.
 */
export class JobThread<Table extends JobTable> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: JobThreadOptions<Table>) {}

  /**
   * Runs `name` on `args` in the worker. What `transfer` lists (an ArrayBuffer of the arguments)
   * is moved, not copied, and is unusable here afterwards.
   */
  run<Name extends keyof Table & string>(
    name: Name,
    args: Parameters<Table[Name]>,
    transfer: readonly TransferListItem[] = [],
  ): Promise<Awaited<ReturnType<Table[Name]>>> {
    if (this.closed) return Promise.reject(new Error('PlanDesk is closing.'));
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { name, resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ id, name, args } satisfies JobRequest, [...transfer]);
      } catch (error) {
        // Arguments that cannot cross to the thread (a function, a detached buffer): a bug, said as such.
        this.settled(id);
        reject(error as Error);
      }
    });
  }

  /** Ends the worker; jobs still running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.failAll(new Error('PlanDesk is closing.'));
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    clearTimeout(this.idleTimer);
    if (this.worker) {
      this.worker.ref();
      return this.worker;
    }
    const worker = new Worker(this.options.source, { eval: true });
    this.worker = worker;
    worker.on('message', (reply: JobReply) => {
      const waiting = this.settled(reply.id);
      if (!waiting) return;
      if ('value' in reply) waiting.resolve(reply.value);
      else waiting.reject(errorFromWorker(reply.error));
    });
    // An uncaught error in the worker (its script failed to load, a library threw outside the job,
    // it ran out of memory): the worker is gone; 'exit' follows.
    worker.on('error', (error) => {
      if (this.worker === worker) this.failAll(this.failure(`stopped: ${error.message}`));
    });
    worker.on('messageerror', (error) => {
      if (this.worker !== worker) return;
      this.failAll(this.failure(`sent an answer that could not be read: ${error.message}`));
      void worker.terminate();
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.failAll(this.failure(`stopped (exit code ${code})`));
    });
    return worker;
  }

  /** The error every job a failed worker held is rejected with: what it was doing, and what to do. */
  private failure(what: string): Error {
    const jobs = [...new Set([...this.pending.values()].map((job) => this.options.describe(job.name as keyof Table & string)))];
    return new Error(`the background thread ${jobs.length > 0 ? `${jobs.join(' and ')} ` : ''}${what}; try again`);
  }

  /** Rejects every pending job and forgets the worker: the next job starts a new one. */
  private failAll(error: Error): void {
    clearTimeout(this.idleTimer);
    this.worker = undefined;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const job of waiting) job.reject(error);
  }

  /** Takes a job off the pending list; once none is left, the worker no longer keeps the process alive and ends after `idleMs`. */
  private settled(id: number): Pending | undefined {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0 && this.worker) {
      const worker = this.worker;
      worker.unref();
      this.idleTimer = setTimeout(() => {
        if (this.worker !== worker || this.pending.size > 0) return;
        this.worker = undefined;
        void worker.terminate();
      }, this.options.idleMs);
      this.idleTimer.unref();
    }
    return waiting;
  }
}

/** A job's error as thrown here: its message, and the stack from the worker (the log shows where it failed). */
function errorFromWorker(error: { message: string; stack: string | undefined }): Error {
  const rebuilt = new Error(error.message);
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

/** The worker's side: answers each job of `table` that arrives on `port`, its value or its error's message and stack. */
export function serveJobs(port: MessagePort, table: JobTable): void {
  port.on('message', ({ id, name, args }: JobRequest) => {
    const job = Object.hasOwn(table, name) ? table[name] : undefined;
    void Promise.resolve()
      .then(() => {
        if (!job) throw new Error(`no job named ${name}`);
        return (job as (...jobArgs: unknown[]) => unknown)(...args);
      })
      .then(
        (value) => answer(port, { id, value }),
        (error: unknown) => answer(port, { id, error: errorOf(error) }),
      );
  });
}

function answer(port: MessagePort, reply: JobReply): void {
  try {
    port.postMessage(reply);
  } catch (error) {
    // A value that cannot be cloned: the job is answered with that, not left waiting.
    port.postMessage({ id: reply.id, error: errorOf(error) } satisfies JobReply);
  }
}

function errorOf(error: unknown): { message: string; stack: string | undefined } {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error), stack: undefined };
}
