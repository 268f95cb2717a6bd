import { setMaxListeners } from 'node:events';
import type { Workspace } from '../workspace/workspace.js';
import { DEFAULT_CONCURRENCY, syncEnvironment, type SyncOptions, type SyncProgress, type SyncSummary } from './engine.js';
import { EnvironmentError, loadEnvironment } from './environments.js';
import type { Network } from './network.js';
import { ConnectionLostError, EnvironmentUnreachableError, TokenRejectedError } from './remote.js';
import { refusedRecords } from '../store/record-sync-store.js';
import { countOutstanding } from '../store/sync-queue-store.js';
import { TokenUnavailableError, type TokenCipher } from './token-cipher.js';

/**
 * How a run ended. `failed` and `pending` are the environment's state in the workspace afterwards
 * (not only this run's), so they survive a restart and agree with the queue view; the summary's
 * errors say why each failed record is refused.
 */
type SyncRunResult =
  | { kind: 'finished'; summary: SyncSummary; failed: number; pending: number }
  /** `pushed`: records the remote took before the run stopped. */
  | { kind: 'cancelled'; message: string; pushed: number; pending: number }
  /** The environment is unknown, its token unreadable or rejected (possibly mid-run), or it is down. */
  | { kind: 'refused'; reason: RunRefusal; message: string; pushed: number; pending: number }
  /** The remote went away during the run: it stopped, and what was not sent waits. */
  | { kind: 'connection-lost'; message: string; pushed: number; pending: number };

export interface SyncRunHandle {
  env: string;
  result: Promise<SyncRunResult>;
  /** Stops the run; records already sent keep their outcome, the rest waits for the next run. */
  cancel(): void;
}

/** The environment is unknown, its token is not on this computer (a restore) or was rejected, or it is down. */
export type RunRefusal = 'environment' | 'token-unavailable' | 'token-rejected' | 'unreachable';

/** Why a push or a pull stopped before its end, in words; an error that is none of these is thrown on. */
export type RunStop =
  | { kind: 'cancelled'; message: string }
  /** `remedy`: what to do at the command line, where there is something to do (the window offers its own). */
  | { kind: 'refused'; reason: RunRefusal; message: string; remedy?: string }
  | { kind: 'connection-lost'; message: string };

/** A stopped run, in the command line's words: why, and what to do when something can be done there. */
export const stopSentence = (stop: { message: string; remedy?: string }): string => (stop.remedy ? `${stop.message}; ${stop.remedy}` : stop.message);

export function whyRunStopped(error: unknown, signal: AbortSignal, envName: string): RunStop {
  if (signal.aborted) return { kind: 'cancelled', message: 'cancelled; run it again to continue where it stopped' };
  if (error instanceof EnvironmentError) return { kind: 'refused', reason: 'environment', message: error.message };
  if (error instanceof TokenUnavailableError)
    return { kind: 'refused', reason: 'token-unavailable', message: error.reason, ...(error.remedy === undefined ? {} : { remedy: error.remedy }) };
  if (error instanceof TokenRejectedError) return { kind: 'refused', reason: 'token-rejected', message: error.message };
  if (error instanceof EnvironmentUnreachableError) return { kind: 'refused', reason: 'unreachable', message: error.message };
  if (error instanceof ConnectionLostError) return { kind: 'connection-lost', message: `lost the connection to ${envName}` };
  throw error;
}

/** The one way the CLI and the app start a push of the workspace to one environment. */
export function startSyncRun(
  workspace: Workspace,
  cipher: TokenCipher,
  envName: string,
  options: Omit<SyncOptions, 'signal'> & { network?: Network } = {},
): SyncRunHandle {
  const controller = new AbortController();
  // Every request in flight and every backoff wait listens to the one signal: not a leak.
  setMaxListeners(Math.max(64, (options.concurrency ?? DEFAULT_CONCURRENCY) * 4), controller.signal);
  let pushed = 0;
  const onProgress = (progress: SyncProgress) => {
    pushed = progress.done;
    options.onProgress?.(progress);
  };
  const stopped = () => ({ pushed, pending: countOutstanding(workspace.db, envName) });
  const run = async (): Promise<SyncRunResult> => {
    try {
      const env = { ...loadEnvironment(workspace.db, cipher, envName), network: options.network };
      const summary = await syncEnvironment(workspace, env, { ...options, onProgress, signal: controller.signal });
      // Every record counted as failed says why, this run's refusals and those still waiting from before (a decision, a fix).
      const refused = refusedRecords(workspace.db, envName);
      const said = new Set(summary.errors.map((error) => error.record));
      const errors = [...summary.errors, ...refused.filter((record) => !said.has(record.record))];
      return { kind: 'finished', summary: { ...summary, errors }, failed: refused.length, pending: countOutstanding(workspace.db, envName) };
    } catch (error) {
      const state = stopped();
      const stop = whyRunStopped(error, controller.signal, envName);
      if (stop.kind === 'connection-lost')
        return {
          ...stop,
          message: `${stop.message}; ${state.pending.toLocaleString('en-US')} ${state.pending === 1 ? 'change' : 'changes'} still waiting`,
          ...state,
        };
      return { ...stop, ...state };
    }
  };
  return { env: envName, result: run(), cancel: () => controller.abort(new Error('sync cancelled')) };
}
