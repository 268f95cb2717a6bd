import type { Workspace } from '../../workspace/workspace.js';
import { loadEnvironment } from '../environments.js';
import { whyRunStopped, type RunStop } from '../run.js';
import type { TokenCipher } from '../token-cipher.js';
import { countWithStatus } from '../../store/record-sync-store.js';
import { pullEnvironment, PullRefusedError, type PullOptions, type PullSummary } from './pull.js';

/** How a pull ended; `conflicts` is the environment's count afterwards (this pull's and earlier ones'). */
type PullRunResult =
  | { kind: 'finished'; summary: PullSummary; conflicts: number }
  /** The remote cannot be pulled from, or a division asked for is not there: nothing changed. */
  | { kind: 'refused'; reason: 'cannot-pull'; message: string }
  | RunStop;

export interface PullRunHandle {
  env: string;
  result: Promise<PullRunResult>;
  /** Stops the pull; pages already applied stay, the next pull continues after them. */
  cancel(): void;
}

/** The one way the CLI and the app start a pull from one environment. */
export function startPullRun(workspace: Workspace, cipher: TokenCipher, envName: string, options: Omit<PullOptions, 'signal'> = {}): PullRunHandle {
  const controller = new AbortController();
  const run = async (): Promise<PullRunResult> => {
    try {
      const env = loadEnvironment(workspace.db, cipher, envName);
      const summary = await pullEnvironment(workspace, env, { ...options, signal: controller.signal });
      return { kind: 'finished', summary, conflicts: countWithStatus(workspace.db, envName, 'conflict') };
    } catch (error) {
      if (error instanceof PullRefusedError) return { kind: 'refused', reason: 'cannot-pull', message: error.message };
      return whyRunStopped(error, controller.signal, envName);
    }
  };
  return { env: envName, result: run(), cancel: () => controller.abort(new Error('pull cancelled')) };
}
