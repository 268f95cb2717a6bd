import { batchResponseSchema } from '../../shared/sync-wire.js';
import { RemoteUnreachableError, TokenRejectedError, type Remote, type RemoteResponse } from './remote.js';
import { gzipSync } from 'node:zlib';

interface Pending {
  /** The operation as JSON text: its body goes in as the text the flight keeps, never parsed again. */
  json: string;
  resolve: (response: RemoteResponse) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes to a PlanDesk remote, many to a request: every write handed over in one turn of the event
 * loop (a page of the push hands over all its records at once) goes out in one `POST /batch/`, up
 * to the remote's limit, each operation with its own Idempotency-Key (and If-Match). Each write gets the answer a
 * request of its own would have got, so the push's retries and reconciliation work unchanged; a
 * batch whose answer is lost or refused as a whole is, for each write in it, that same answer (a
 * resend carries the same keys, and the remote answers what it already did). To a remote that
 * takes compressed bodies (GET /capabilities/ says so), a batch goes gzipped: its JSON, mostly
 * the same field names again and again, shrinks about tenfold, and the uplink is a broker's
 * narrowest pipe.
 */
export class WriteBatcher {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly remote: Remote,
    private readonly maxOperations: number,
    private readonly compressed: boolean,
    private readonly signal: AbortSignal | undefined,
  ) {}

  send(method: string, path: string, json: string | undefined, key: string | undefined, ifMatch: string | undefined): Promise<RemoteResponse> {
    const operation = `{"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}${json === undefined ? '' : `,"body":${json}`}${key === undefined ? '' : `,"idempotency_key":${JSON.stringify(key)}`}${ifMatch === undefined ? '' : `,"if_match":${JSON.stringify(ifMatch)}`}}`;
    return new Promise((resolve, reject) => {
      this.queue.push({ json: operation, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** What was handed over this turn, in batches of at most the remote's limit. */
  private flush(): void {
    this.scheduled = false;
    while (this.queue.length > 0) this.post(this.queue.splice(0, this.maxOperations));
  }

  private post(batch: Pending[]): void {
    const json = `{"operations":[${batch.map((pending) => pending.json).join(',')}]}`;
    // Compressed here and now (a few ms for 250 plans): done on libuv's pool, the request would wait for
    // the main thread to come back from preparing the next page before it could go out.
    this.remote.send('POST', '/batch/', this.compressed ? { gzipped: gzipSync(json) } : json, undefined, this.signal).then(
      (response) => this.answer(batch, response),
      (error: unknown) => batch.forEach((pending) => pending.reject(error)),
    );
  }

  /** Each operation's own result; the batch's answer for all of them when it did not run as a batch. */
  private answer(batch: Pending[], response: RemoteResponse): void {
    if (response.status !== 200) return batch.forEach((pending) => pending.resolve(response));
    const parsed = batchResponseSchema.safeParse(response.body);
    if (!parsed.success || parsed.data.results.length !== batch.length) {
      const error = new RemoteUnreachableError('POST /batch/: the answer does not hold one result per operation', 'the batch answer was malformed');
      return batch.forEach((pending) => pending.reject(error));
    }
    parsed.data.results.forEach((result, index) => {
      const pending = batch[index]!;
      if (result.status === 401) pending.reject(new TokenRejectedError(this.remote.env.name));
      else pending.resolve({ status: result.status, body: result.body ?? null, headers: result.headers ?? {} });
    });
  }
}
