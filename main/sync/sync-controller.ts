import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import type { ApiResponse } from '../api/types.js';
import type { Workspace } from '../workspace/workspace.js';
import { syncEnvironment, TokenRejectedError, type SyncProgress } from './engine.js';
import { EnvironmentError, listEnvironments, loadEnvironment, saveEnvironment, type EnvironmentSummary } from './environments.js';
import { countOutstanding } from './state.js';
import { TokenUnavailableError, type TokenCipher } from './token-cipher.js';

const environmentInput = z.strictObject({ name: z.string(), url: z.string(), token: z.string() });

/**
 * What the desktop window may do with environments and sync, behind the bridge. A token goes in
 * and never comes out: listings carry names and URLs only. One run at a time: a run's queue lives
 * in the workspace connection.
 */
export class SyncController {
  private running: { env: string; controller: AbortController; settled: Promise<ApiResponse> } | undefined;

  constructor(private readonly workspace: Workspace, private readonly cipher: TokenCipher) {}

  environments(): (EnvironmentSummary & { pending: number })[] {
    return listEnvironments(this.workspace.db).map((env) => ({ ...env, pending: countOutstanding(this.workspace.db, env.name) }));
  }

  saveEnvironment(input: unknown): ApiResponse {
    const parsed = environmentInput.safeParse(input);
    if (!parsed.success) return { status: 400, body: { detail: 'Give an environment name, a base URL and a token.' } };
    try {
      saveEnvironment(this.workspace.db, this.cipher, parsed.data.name, parsed.data.url, parsed.data.token, new Date().toISOString());
      return { status: 200, body: { name: parsed.data.name } };
    } catch (error) {
      if (error instanceof EnvironmentError || error instanceof TokenUnavailableError) return { status: 400, body: { detail: error.message } };
      throw error;
    }
  }

  async sync(name: string, onProgress: (progress: SyncProgress) => void): Promise<ApiResponse> {
    if (this.running) return { status: 409, body: { detail: `A sync to ${this.running.env} is already running.` } };
    const controller = new AbortController();
    // Every request in flight and every backoff wait listens to the one signal: not a leak.
    setMaxListeners(64, controller.signal);
    const settled = this.push(name, controller.signal, onProgress).finally(() => {
      this.running = undefined;
    });
    this.running = { env: name, controller, settled };
    return settled;
  }

  cancel(name: string): void {
    if (this.running?.env === name) this.running.controller.abort(new Error('cancelled'));
  }

  /**
   * Cancels the running sync, if any, and resolves once it has settled: requests aborted and every
   * outcome it learned written down, so the workspace can be closed under it safely.
   */
  async cancelAndSettle(): Promise<void> {
    const run = this.running;
    if (!run) return;
    run.controller.abort(new Error('cancelled'));
    await run.settled.catch(() => undefined);
  }

  private async push(name: string, signal: AbortSignal, onProgress: (progress: SyncProgress) => void): Promise<ApiResponse> {
    try {
      const env = loadEnvironment(this.workspace.db, this.cipher, name);
      const summary = await syncEnvironment(this.workspace, env, { signal, onProgress });
      return { status: 200, body: { ...summary, pending: countOutstanding(this.workspace.db, name) } };
    } catch (error) {
      if (signal.aborted) return { status: 200, body: { cancelled: true, pending: countOutstanding(this.workspace.db, name) } };
      if (error instanceof TokenRejectedError) return { status: 401, body: { detail: 'token rejected' } };
      if (error instanceof EnvironmentError || error instanceof TokenUnavailableError) return { status: 400, body: { detail: error.message } };
      throw error;
    }
  }
}
