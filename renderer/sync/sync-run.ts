import { useEffect, useState } from 'react';
import type { EnvironmentInfo, SyncDryRun, SyncProgressEvent } from '../../shared/bridge';
import { splitErrorBody } from '../api/api';
import { bridge } from '../bridge/bridge';
import { fetchDryRun, invalidateSync } from '../admin/admin-state';
import { countText, counted } from '../app/counts';

export type Direction = SyncProgressEvent['direction'];

export interface RunOutcome {
  env: string;
  direction: Direction;
  text: string;
  failed: boolean;
  /** A push where everything went through and nothing waits: the moment to suggest production. */
  clean: boolean;
}

interface PushSummary {
  pushed?: number;
  failed?: number;
  pending?: number;
  cancelled?: boolean;
}
interface PullSummary {
  created?: number;
  updated?: number;
  removed?: number;
  unchanged?: number;
  conflicts?: number;
  failed?: number;
  cancelled?: boolean;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A push's or a pull's answer in words; what to do is always done in this window. */
export function outcomeOf(env: string, direction: Direction, status: number, body: unknown): RunOutcome {
  const failure = (text: string): RunOutcome => ({ env, direction, text, failed: true, clean: false });
  const nothing = direction === 'push' ? 'nothing was sent' : 'nothing was got';
  if (status === 401) return failure(`${env} rejected the token. Edit ${env} and type a valid token; ${nothing}.`);
  if (status >= 400) return failure(sentence(splitErrorBody(body).detail ?? `The ${direction} failed (${status})`));
  if (direction === 'pull') {
    const pulled = body as PullSummary;
    if (pulled.cancelled)
      return { env, direction, text: 'Stopped. What was got so far stays; getting records again goes on from there.', failed: false, clean: false };
    const conflicts = pulled.conflicts ?? 0;
    const failed = pulled.failed ?? 0;
    const text =
      `Got ${countText(pulled.created ?? 0)} new, ${countText(pulled.updated ?? 0)} changed, ${countText(pulled.removed ?? 0)} removed; ${countText(pulled.unchanged ?? 0)} unchanged.` +
      (conflicts > 0 ? ` ${counted(conflicts, 'conflict')} ${conflicts === 1 ? 'waits' : 'wait'} for a decision below.` : '') +
      (failed > 0 ? ` ${counted(failed, 'record')} could not be taken as ${failed === 1 ? 'it is' : 'they are'}.` : '');
    return { env, direction, text, failed: failed > 0 || conflicts > 0, clean: false };
  }
  const pushed = body as PushSummary;
  if (pushed.cancelled) return { env, direction, text: `Cancelled. ${countText(pushed.pending ?? 0)} changes are still waiting.`, failed: false, clean: false };
  const failed = pushed.failed ?? 0;
  return {
    env,
    direction,
    text: `Pushed ${countText(pushed.pushed ?? 0)}, failed ${countText(failed)}; ${countText(pushed.pending ?? 0)} still waiting.`,
    failed: failed > 0,
    clean: failed === 0 && (pushed.pending ?? 0) === 0,
  };
}

/** What a push would send, shown on request for any environment, and before every push to production. */
export interface Preview {
  env: string;
  production: boolean;
  dryRun: SyncDryRun;
}

/**
 * One push or pull at a time: progress as it goes (records done of total), cancel, the outcome;
 * what a push would send on request, and always before a push to production.
 */
export function useSyncRun() {
  const [progress, setProgress] = useState<SyncProgressEvent | undefined>(undefined);
  const [running, setRunning] = useState<{ env: string; direction: Direction } | undefined>(undefined);
  const [outcome, setOutcome] = useState<RunOutcome | undefined>(undefined);
  const [preview, setPreview] = useState<Preview | undefined>(undefined);
  const [previewError, setPreviewError] = useState<string | undefined>(undefined);
  const [runs, setRuns] = useState(0);

  useEffect(() => bridge.onSyncProgress(setProgress), []);

  async function run(env: string, direction: Direction) {
    setRuns((started) => started + 1);
    setPreview(undefined);
    setRunning({ env, direction });
    setOutcome(undefined);
    setProgress(undefined);
    try {
      const response = direction === 'push' ? await bridge.sync(env) : await bridge.pull(env);
      setOutcome(outcomeOf(env, direction, response.status, response.body));
    } catch (error) {
      // A run that ends without a summary must still say so; the waiting counts are refreshed below.
      setOutcome({
        env,
        direction,
        text: `The ${direction === 'push' ? 'sync' : 'pull'} stopped without a summary: ${error instanceof Error ? error.message : String(error)}`,
        failed: true,
        clean: false,
      });
    } finally {
      setRunning(undefined);
      void invalidateSync();
    }
  }

  async function showPreview(env: EnvironmentInfo) {
    setPreviewError(undefined);
    try {
      setPreview({ env: env.name, production: env.production, dryRun: await fetchDryRun(env.name) });
    } catch (error) {
      setPreviewError(`What would be sent to ${env.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    /** How many pushes and pulls were started here: a notice about the queue before the last one no longer holds. */
    runs,
    /** The running run's progress only: a stale event of an earlier run is not shown. */
    progress: progress && running && progress.env === running.env && progress.direction === running.direction ? progress : undefined,
    running,
    outcome,
    preview,
    previewError,
    /** A production environment's push waits for the person to see what it would send and confirm. */
    push: (env: EnvironmentInfo) => (env.production ? showPreview(env) : run(env.name, 'push')),
    pull: (env: EnvironmentInfo) => run(env.name, 'pull'),
    showPreview,
    confirm: () => preview && run(preview.env, 'push'),
    closePreview: () => setPreview(undefined),
    /** After a decision on a conflict the last outcome no longer tells how things stand. */
    clearOutcome: () => setOutcome(undefined),
    cancel: (env: string) => void bridge.cancelSync(env),
  };
}

export type SyncRun = ReturnType<typeof useSyncRun>;
