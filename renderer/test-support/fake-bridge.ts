import type { BridgeResponse, PlanDeskBridge } from '../../shared/bridge';
import type { Draft, DraftInput } from '../../shared/drafts';

export type CallHandler = (method: string, path: string, body: unknown) => BridgeResponse | undefined;

/**
 * An in-memory bridge for component tests: drafts are kept, every service call is recorded and
 * answered by the test's handler (404 when it has no answer).
 */
export function fakeBridge(handler: CallHandler = () => undefined) {
  const drafts = new Map<string, Draft>();
  const calls: { method: string; path: string; body: unknown }[] = [];
  const bridge: PlanDeskBridge = {
    workspace: async () => ({
      ready: true,
      user: { id: 'u', email: 'broker@example.com', first_name: 'b', last_name: 'Admin', is_admin: true },
      account: 'Acme',
    }),
    setupWorkspace: async () => ({ status: 409, body: {} }),
    startFromServer: async () => ({ status: 409, body: {} }),
    call: async (method, path, body) => {
      calls.push({ method, path, body });
      return handler(method, path, body) ?? { status: 404, body: { detail: 'Not found.' } };
    },
    drafts: async () => [...drafts.values()].map(({ state: _state, ...summary }) => summary),
    readDraft: async (id) => structuredClone(drafts.get(id) ?? null),
    saveDraft: async (draft: DraftInput) => {
      drafts.set(draft.id, { ...structuredClone(draft), updated_at: new Date().toISOString() });
      return { status: 200, body: { id: draft.id } };
    },
    deleteDraft: async (id) => void drafts.delete(id),
    environments: async () => [],
    saveEnvironment: async () => ({ status: 200, body: {} }),
    sync: async () => ({ status: 200, body: {} }),
    cancelSync: async () => undefined,
    pull: async () => ({ status: 200, body: {} }),
    provenance: async () => ({}),
    removeEnvironment: async () => ({ status: 404, body: { detail: 'Not found.' } }),
    testConnection: async () => ({ status: 404, body: { detail: 'Not found.' } }),
    remoteCandidates: async () => ({ status: 200, body: [] }),
    findRecords: async () => ({ matches: [], total: 0, limit: 200 }),
    inspectRecord: async () => null,
    recordHistory: async () => [],
    exportWorkspace: async () => [],
    syncQueue: async () => ({ status: 200, body: [] }),
    syncDryRun: async () => ({ status: 200, body: { would_push: { employer: 0, plan: 0, user: 0, division: 0 }, failed: 0, conflicts: 0 } }),
    syncConflicts: async () => ({ status: 200, body: [] }),
    syncResolve: async () => ({ status: 404, body: { detail: 'Not found.' } }),
    syncRetry: async () => ({ status: 200, body: { retried: 0 } }),
    syncUnskip: async () => ({ status: 404, body: { detail: 'Not found.' } }),
    syncDiscard: async () => ({ status: 404, body: { detail: 'Not found.' } }),
    checkWorkspace: async () => ({ ok: true, problems: [] }),
    backupWorkspace: async () => ({ status: 200, body: {} }),
    listBackups: async () => [],
    restoreWorkspace: async () => ({ status: 404, body: { detail: 'Not found.' } }),
    exhibit: async () => ({ ok: false, error: 'No exhibit in this test.', alternatives: [] }),
    saveEnrollment: async () => ({ status: 200, body: {} }),
    exhibitPdf: async () => ({ ok: false, error: 'No exhibit in this test.' }),
    readSbc: async () => ({ status: 422, body: { detail: 'No SBC reader in component tests.' } }),
    previewImport: async () => ({ ok: false, message: 'No import in this test.' }),
    runImport: async () => ({ ok: false, message: 'No import in this test.' }),
    onSyncProgress: () => () => undefined,
  };
  return { bridge, drafts, calls };
}
