import { useEffect, useState } from 'react';
import type { EnvironmentInfo, SyncDryRun, SyncProgressEvent } from '../../shared/bridge';
import { splitErrorBody } from '../api/api';
import { bridge } from '../bridge/bridge';
import { fetchDryRun, invalidateSync } from '../admin/admin-state';

interface PushOutcome {
  env: string;
  text: string;
  errors: { record: string; path: string; error: string }[];
  failed: boolean;
  /** Everything went through and nothing waits: the moment to suggest production. */
  clean: boolean;
}

function outcomeOf(env: string, status: number, body: unknown): PushOutcome {
  const summary = body as { pushed?: number; failed?: number; pending?: number; conflicts?: number; cancelled?: boolean; errors?: PushOutcome['errors'] };
  if (status === 401) return { env, text: `${env} rejected the token. Edit ${env} and type a valid token; nothing was sent.`, errors: [], failed: true, clean: false };
  if (status >= 400) {
    const pending = summary.pending !== undefined ? `; ${summary.pending} changes still waiting` : '';
    return { env, text: `${splitErrorBody(body).detail ?? `The sync failed (${status})`}${pending}.`, errors: [], failed: true, clean: false };
  }
  if (summary.cancelled) return { env, text: `Cancelled. ${summary.pending ?? 0} changes are still waiting.`, errors: [], failed: false, clean: false };
  const failed = summary.failed ?? 0;
  return {
    env,
    text: `Pushed ${summary.pushed ?? 0}, failed ${failed}; ${summary.pending ?? 0} still waiting.`,
    errors: summary.errors ?? [],
    failed: failed > 0,
    clean: failed === 0 && (summary.pending ?? 0) === 0,
  };
}

/** What a production push would send, shown before it goes. */
interface PendingConfirmation {
  env: string;
  dryRun: SyncDryRun;
}

/**
 * One push at a time: progress as it goes, cancel, the outcome; to a production environment only
 * after a person has seen the dry run's counts and confirmed.
 */
export function usePush() {
  const [progress, setProgress] = useState<SyncProgressEvent | undefined>(undefined);
  const [running, setRunning] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<PushOutcome | undefined>(undefined);
  const [confirmation, setConfirmation] = useState<PendingConfirmation | undefined>(undefined);
  const [confirmError, setConfirmError] = useState<string | undefined>(undefined);

  useEffect(() => bridge.onSyncProgress(setProgress), []);

  async function run(env: string) {
    setConfirmation(undefined);
    setRunning(env);
    setOutcome(undefined);
    setProgress(undefined);
    try {
      const response = await bridge.sync(env);
      setOutcome(outcomeOf(env, response.status, response.body));
    } catch (error) {
      // A run that ends without a summary must still say so; the waiting counts are refreshed below.
      setOutcome({ env, text: `The sync stopped without a summary: ${error instanceof Error ? error.message : String(error)}`, errors: [], failed: true, clean: false });
    } finally {
      setRunning(undefined);
      void invalidateSync();
    }
  }

  async function push(env: EnvironmentInfo) {
    if (!env.production) return run(env.name);
    setConfirmError(undefined);
    try {
      setConfirmation({ env: env.name, dryRun: await fetchDryRun(env.name) });
    } catch (error) {
      setConfirmError(`What would be sent to ${env.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    progress,
    running,
    outcome,
    confirmation,
    confirmError,
    push,
    confirm: () => confirmation && run(confirmation.env),
    dismissConfirmation: () => setConfirmation(undefined),
    cancel: (env: string) => void bridge.cancelSync(env),
  };
}
