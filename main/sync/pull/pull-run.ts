import type { Workspace } from '../../workspace/workspace.js';
import { loadEnvironment } from '../environments.js';
import type { Network } from '../network.js';
import { whyRunStopped, type RunStop } from '../run.js';
import type { TokenCipher } from '../token-cipher.js';
import { countWithStatus } from '../../store/record-sync-store.js';
import { pullEnvironment, type PullOptions, type PullSummary } from './pull.js';
import { PullRefusedError } from './remote-records.js';

/** How a pull ended; `conflicts` is the environment's count afterwards (this pull's and earlier ones'). */
type PullRunResult =
  | { kind: 'finished'; summary: PullSummary; conflicts: number }
  /** The remote cannot be pulled from, a division asked for is not there, or it answered nonsense. */
  | { kind: 'refused'; reason: 'cannot-pull'; message: string }
  | RunStop;

export interface PullRunHandle {
  env: string;
  result: Promise<PullRunResult>;
  /** Stops the pull; pages already applied stay, the next pull continues after them. */
  cancel(): void;
}

/** The one way the CLI and the app start a pull from one environment. */
export function startPullRun(
  workspace: Workspace,
  cipher: TokenCipher,
  envName: string,
  options: Omit<PullOptions, 'signal'> & { network?: Network } = {},
): PullRunHandle {
  const controller = new AbortController();
  const run = async (): Promise<PullRunResult> => {
    try {
      const env = { ...loadEnvironment(workspace.db, cipher, envName), network: options.network };
      const summary = await pullEnvironment(workspace, env, { ...options, signal: controller.signal });
      return { kind: 'finished', summary, conflicts: countWithStatus(workspace.db, envName, 'conflict') };
    } catch (error) {
      if (error instanceof PullRefusedError) return { kind: 'refused', reason: 'cannot-pull', message: error.message };
      return whyRunStopped(error, controller.signal, envName);
    }
  };
  return { env: envName, result: run(), cancel: () => controller.abort(new Error('pull cancelled')) };
}
