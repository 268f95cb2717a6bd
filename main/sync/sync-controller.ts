import { z } from 'zod';
import { capitalised } from '../../shared/capitalised.js';
import type { ApiResponse } from '../api/types.js';
import { timestamp } from '../service/context.js';
import type { Workspace } from '../workspace/workspace.js';
import type { SyncProgress } from './engine.js';
import { listConflicts, resolveConflict, ResolveError, unskip } from './conflicts.js';
import {
  editEnvironment,
  EnvironmentError,
  listEnvironments,
  loadEnvironment,
  removeEnvironment,
  saveEnvironment,
  type Environment,
  type EnvironmentSummary,
} from './environments.js';
import { DIRECT, type Network } from './network.js';
import { remoteCandidates, testConnection } from './remote-lookup.js';
import { dryRun, queueView } from './queue-view.js';
import { discardRefused, DiscardError } from './discard.js';
import { ConnectionLostError, EnvironmentUnreachableError, RemoteUnreachableError, TokenRejectedError } from './remote.js';
import { startSyncRun, type RunRefusal } from './run.js';
import { startPullRun } from './pull/pull-run.js';
import type { PullProgress } from './pull/pull.js';
import { lastPulls } from '../store/pull-store.js';
import { countWithStatus, retryFailed } from '../store/record-sync-store.js';
import { countOutstanding } from '../store/sync-queue-store.js';
import { TokenUnavailableError, type TokenCipher } from './token-cipher.js';

const environmentInput = z.strictObject({ name: z.string(), url: z.string(), token: z.string().optional(), production: z.boolean().optional() });
const decisionInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('keep-local') }),
  z.strictObject({ kind: z.literal('take-remote') }),
  z.strictObject({
    kind: z.literal('link'),
    remoteId: z
      .string()
      .regex(/^[0-9a-fA-F-]{36}$/)
      .transform((id) => id.toLowerCase()),
  }),
  z.strictObject({ kind: z.literal('skip') }),
]);

/** The window's queue is virtualised and filtered: it lists every record of a large workspace, not the newest thousand. */
const WINDOW_QUEUE_LIMIT = 50_000;

/** A push or pull that could not start, in the window's words: what to do is done in the window. */
function refusal(env: string, reason: RunRefusal | 'cannot-pull', message: string): ApiResponse {
  switch (reason) {
    case 'token-rejected':
      return { status: 401, body: { detail: 'token rejected' } };
    case 'token-unavailable':
      return {
        status: 400,
        body: { detail: `${capitalised(message)}: enter it again with Edit ${env}.`, needs_token: true },
      };
    case 'unreachable':
      return { status: 503, body: { detail: message } };
    case 'environment':
    case 'cannot-pull':
      return { status: 400, body: { detail: message } };
  }
}

/**
 * What the desktop window may do with environments and sync, behind the bridge. A token goes in
 * and never comes out: listings carry names and URLs only. One run at a time: a run's queue lives
 * in the workspace connection.
 */
export class SyncController {
  /** The push or pull under way: one at a time, since both work in the workspace connection. */
  private running: { env: string; result: Promise<unknown>; cancel(): void } | undefined;

  constructor(
    private readonly workspace: Workspace,
    private readonly cipher: TokenCipher,
    /** How the app reaches a remote: the system's proxy settings for its URL. */
    private readonly network: Network = DIRECT,
  ) {}

  /** 404 for an environment the workspace does not have. */
  private known(name: string): ApiResponse | undefined {
    return listEnvironments(this.workspace.db).some((env) => env.name === name)
      ? undefined
      : { status: 404, body: { detail: `No environment named "${name}".` } };
  }

  /** The environment with its token; the window's answer when it is unknown or its token is not here. */
  private environment(name: string): Environment | ApiResponse {
    const unknown = this.known(name);
    if (unknown) return unknown;
    try {
      return { ...loadEnvironment(this.workspace.db, this.cipher, name), network: this.network };
    } catch (error) {
      if (error instanceof TokenUnavailableError) return refusal(name, 'token-unavailable', error.reason);
      if (error instanceof EnvironmentError) return { status: 400, body: { detail: error.message } };
      throw error;
    }
  }

  private async withEnvironment(name: string, work: (env: Environment) => Promise<ApiResponse>): Promise<ApiResponse> {
    const env = this.environment(name);
    if (!('token' in env)) return env;
    try {
      return await work(env);
    } catch (error) {
      if (error instanceof TokenRejectedError) return { status: 401, body: { detail: 'token rejected' } };
      if (error instanceof EnvironmentUnreachableError || error instanceof ConnectionLostError || error instanceof RemoteUnreachableError) {
        return { status: 503, body: { detail: error.message } };
      }
      throw error;
    }
  }

  environments(): (EnvironmentSummary & { pending: number; conflicts: number; last_pull: string | null; tokenProblem: string | null })[] {
    const pulls = lastPulls(this.workspace.db);
    return listEnvironments(this.workspace.db).map((env) => ({
      ...env,
      pending: countOutstanding(this.workspace.db, env.name),
      conflicts: countWithStatus(this.workspace.db, env.name, 'conflict'),
      last_pull: pulls.get(env.name) ?? null,
      tokenProblem: this.tokenProblem(env.name),
    }));
  }

  /** Why the saved token cannot be read here (after a restore, backups hold none; without the key that sealed it), or null when it can. */
  private tokenProblem(name: string): string | null {
    try {
      loadEnvironment(this.workspace.db, this.cipher, name);
      return null;
    } catch (error) {
      if (error instanceof TokenUnavailableError) return capitalised(error.reason);
      throw error;
    }
  }

  saveEnvironment(input: unknown): ApiResponse {
    const parsed = environmentInput.safeParse(input);
    if (!parsed.success) return { status: 400, body: { detail: 'Give an environment name, a base URL and a token.' } };
    const { name, url, token, production } = parsed.data;
    const at = timestamp(this.workspace.context);
    try {
      const existing = listEnvironments(this.workspace.db).find((env) => env.name === name);
      if (token !== undefined && token !== '') saveEnvironment(this.workspace.db, this.cipher, name, url, token, at);
      else if (existing === undefined) return { status: 400, body: { detail: `Give the token of ${name}: it is typed once, when the environment is added.` } };
      editEnvironment(this.workspace.db, name, url, production ?? existing?.production ?? false, at);
      return { status: 200, body: { name } };
    } catch (error) {
      if (error instanceof EnvironmentError || error instanceof TokenUnavailableError) return { status: 400, body: { detail: error.message } };
      throw error;
    }
  }

  removeEnvironment(name: string): ApiResponse {
    if (this.running?.env === name) return { status: 409, body: { detail: `A sync to ${name} is running; remove it once it is done.` } };
    return removeEnvironment(this.workspace.db, name)
      ? { status: 200, body: { removed: name } }
      : { status: 404, body: { detail: `No environment named "${name}".` } };
  }

  async testConnection(name: string): Promise<ApiResponse> {
    return this.withEnvironment(name, async (env) => ({ status: 200, body: await testConnection(env) }));
  }

  async remoteCandidates(name: string, record: string, text: string): Promise<ApiResponse> {
    return this.withEnvironment(name, async (env) => ({ status: 200, body: await remoteCandidates(this.workspace, env, record, text) }));
  }

  async sync(name: string, onProgress: (progress: SyncProgress) => void): Promise<ApiResponse> {
    return this.oneAtATime(
      name,
      () => startSyncRun(this.workspace, this.cipher, name, { onProgress, network: this.network }),
      (result) => {
        switch (result.kind) {
          case 'finished':
            return { status: 200, body: { ...result.summary, pending: result.pending } };
          case 'cancelled':
            return { status: 200, body: { cancelled: true, pending: result.pending } };
          case 'refused':
            return refusal(name, result.reason, result.message);
          case 'connection-lost':
            return { status: 503, body: { detail: result.message, pending: result.pending } };
        }
      },
    );
  }

  /**
   * Pulls what the environment's token sees into the workspace; answers the counts (created,
   * updated, removed, unchanged, conflicts, failed, errors) when done, or why it stopped.
   */
  async pull(name: string, onProgress: (progress: PullProgress) => void): Promise<ApiResponse> {
    return this.oneAtATime(
      name,
      () => startPullRun(this.workspace, this.cipher, name, { onProgress, network: this.network }),
      (result) => {
        switch (result.kind) {
          case 'finished':
            return { status: 200, body: { ...result.summary, conflicts: result.conflicts } };
          case 'cancelled':
            return { status: 200, body: { cancelled: true } };
          case 'refused':
            return refusal(name, result.reason, result.message);
          case 'connection-lost':
            return { status: 503, body: { detail: `${result.message}; what was pulled before stays, and the next pull goes on from there` } };
        }
      },
    );
  }

  /** A push or a pull, started only when neither runs (both work in the workspace connection), answered with its result. */
  private async oneAtATime<Result>(
    name: string,
    start: () => { env: string; result: Promise<Result>; cancel(): void },
    answer: (result: Result) => ApiResponse,
  ): Promise<ApiResponse> {
    if (this.running) return { status: 409, body: { detail: `A sync with ${this.running.env} is already running.` } };
    const unknown = this.known(name);
    if (unknown) return unknown;
    const run = start();
    this.running = run;
    try {
      return answer(await run.result);
    } finally {
      this.running = undefined;
    }
  }

  async queue(name: string): Promise<ApiResponse> {
    return this.known(name) ?? { status: 200, body: await queueView(this.workspace.store, name, WINDOW_QUEUE_LIMIT) };
  }

  dryRun(name: string): ApiResponse {
    return this.known(name) ?? { status: 200, body: dryRun(this.workspace.db, name) };
  }

  /** Without the token (after a restore), the conflicts are listed with this computer's side only. */
  async conflicts(name: string): Promise<ApiResponse> {
    const unknown = this.known(name);
    if (unknown) return unknown;
    if (this.tokenProblem(name) !== null) return { status: 200, body: await listConflicts(this.workspace, name) };
    return this.withEnvironment(name, async (env) => ({ status: 200, body: await listConflicts(this.workspace, env) }));
  }

  async resolve(name: string, record: string, input: unknown): Promise<ApiResponse> {
    const decision = decisionInput.safeParse(input);
    if (!decision.success) return { status: 400, body: { detail: 'Give one decision: keep-local, take-remote, link (with the remote id) or skip.' } };
    if (this.running?.env === name) return { status: 409, body: { detail: `A sync to ${name} is running; decide once it is done.` } };
    return this.withEnvironment(name, async (env) => {
      try {
        return { status: 200, body: await resolveConflict(this.workspace, env, record, decision.data) };
      } catch (error) {
        if (error instanceof ResolveError) return { status: 400, body: { detail: error.message } };
        throw error;
      }
    });
  }

  retry(name: string, record: string | null): ApiResponse {
    const unknown = this.known(name);
    if (unknown) return unknown;
    const retried = retryFailed(this.workspace.db, name, record ?? undefined);
    if (record !== null && retried === 0) return { status: 404, body: { detail: `${record} has not failed on ${name}.` } };
    return { status: 200, body: { retried } };
  }

  /** Undoes here a change `name` refused for permission (see discardRefused); answers how. */
  async discard(name: string, record: string): Promise<ApiResponse> {
    if (this.running?.env === name) return { status: 409, body: { detail: `A sync to ${name} is running; discard once it is done.` } };
    return this.withEnvironment(name, async (env) => {
      try {
        return { status: 200, body: { record, discarded: await discardRefused(this.workspace, env, record) } };
      } catch (error) {
        if (error instanceof DiscardError) return { status: 400, body: { detail: `${capitalised(error.message)}.` } };
        throw error;
      }
    });
  }

  unskip(name: string, record: string): ApiResponse {
    const unknown = this.known(name);
    if (unknown) return unknown;
    if (this.running?.env === name) return { status: 409, body: { detail: `A sync to ${name} is running; push it again once it is done.` } };
    try {
      unskip(this.workspace, name, record);
    } catch (error) {
      if (error instanceof ResolveError) return { status: 404, body: { detail: `${capitalised(error.message)}.` } };
      throw error;
    }
    return { status: 200, body: { record } };
  }

  cancel(name: string): void {
    if (this.running?.env === name) this.running.cancel();
  }

  /**
   * Cancels the running sync, if any, and resolves once it has settled: requests aborted and every
   * outcome it learned written down, so the workspace can be closed under it safely.
   */
  async cancelAndSettle(): Promise<void> {
    const run = this.running;
    if (!run) return;
    run.cancel();
    await run.result.catch(() => undefined);
  }
}
