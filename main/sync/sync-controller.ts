import { z } from 'zod';
import type { ApiResponse } from '../api/types.js';
import type { Workspace } from '../workspace/workspace.js';
import type { SyncProgress } from './engine.js';
import { EnvironmentError, listEnvironments, saveEnvironment, type EnvironmentSummary } from './environments.js';
import { startSyncRun, type SyncRunHandle } from './run.js';
import { countOutstanding } from './state.js';
import { TokenUnavailableError, type TokenCipher } from './token-cipher.js';

const environmentInput = z.strictObject({ name: z.string(), url: z.string(), token: z.string() });

/**
 * What the desktop window may do with environments and sync, behind the bridge. A token goes in
 * and never comes out: listings carry names and URLs only. One run at a time: a run's queue lives
 * in the workspace connection.
 */
export class SyncController {
  private running: SyncRunHandle | undefined;

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
    const run = startSyncRun(this.workspace, this.cipher, name, { onProgress });
    this.running = run;
    try {
      const result = await run.result;
      switch (result.kind) {
        case 'finished': return { status: 200, body: { ...result.summary, pending: result.pending } };
        case 'cancelled': return { status: 200, body: { cancelled: true, pending: result.pending } };
        case 'refused':
          if (result.reason === 'token-rejected') return { status: 401, body: { detail: 'token rejected' } };
          return { status: result.reason === 'unreachable' ? 503 : 400, body: { detail: result.message } };
        case 'connection-lost': return { status: 503, body: { detail: result.message, pending: result.pending } };
      }
    } finally {
      this.running = undefined;
    }
  }

  cancel(name: string): void {
    if (this.running?.env === name) this.running.cancel();
  }
}
