import { BRIDGE_METHODS, WEB_SECRET_HEADER, type BridgeMethods, type PlanDeskBridge, type SyncProgressEvent } from '../../shared/bridge';

const SECRET_KEY = 'plandesk.web-secret';
/** Calls that must outlive the page: what the drafts autosave sends on pagehide. */
const KEEPALIVE_METHODS: ReadonlySet<string> = new Set(['saveDraft', 'deleteDraft']);
/** Browsers refuse keepalive bodies over 64 KiB (in flight, all together). */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

/**
 * Web mode's bridge: the same methods as the preload's, over loopback HTTP to main/web/web-server.ts.
 * The per-launch secret arrives in the address's fragment (`#secret=...`); it is kept for this tab
 * only (sessionStorage, so a reload keeps working) and removed from the address bar.
 */
export function createWebBridge(location: Location, storage: Storage, history: History): PlanDeskBridge {
  const fromFragment = /^#secret=([\w-]+)$/.exec(location.hash)?.[1];
  if (fromFragment) {
    storage.setItem(SECRET_KEY, fromFragment);
    history.replaceState(null, '', `${location.pathname}#/`);
  }
  const secret = storage.getItem(SECRET_KEY) ?? '';

  const methods = Object.fromEntries(
    BRIDGE_METHODS.map((method) => [
      method,
      async (...args: unknown[]) => {
        const body = JSON.stringify(args);
        const init: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json', [WEB_SECRET_HEADER]: secret }, body };
        let response: Response;
        if (KEEPALIVE_METHODS.has(method) && new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES) {
          // A draft saved as the page goes away (reload, tab closed) must still arrive: without
          // keepalive the browser cancels the request with the page. Both methods are idempotent, so
          // when the browser refuses keepalive (its 64 KiB in-flight budget) the call is simply repeated without it.
          response = await fetch(`/bridge/${method}`, { ...init, keepalive: true }).catch(() => fetch(`/bridge/${method}`, init));
        } else {
          response = await fetch(`/bridge/${method}`, init);
        }
        const answer = (await response.json()) as { result?: unknown; detail?: string };
        if (!response.ok) throw new Error(answer.detail ?? `Bridge call failed with status ${response.status}.`);
        return answer.result;
      },
    ]),
  ) as unknown as BridgeMethods;

  const listeners = new Set<(event: SyncProgressEvent) => void>();
  let stream: AbortController | undefined;

  // One NDJSON stream of progress events, open while anybody listens.
  async function follow(controller: AbortController): Promise<void> {
    const response = await fetch('/bridge/events', { headers: { [WEB_SECRET_HEADER]: secret }, signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line) for (const listener of listeners) listener(JSON.parse(line) as SyncProgressEvent);
    }
  }

  return {
    ...methods,
    onSyncProgress(listener) {
      listeners.add(listener);
      if (!stream) {
        stream = new AbortController();
        follow(stream).catch(() => undefined);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stream?.abort();
          stream = undefined;
        }
      };
    },
  };
}
