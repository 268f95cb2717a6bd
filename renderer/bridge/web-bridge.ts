import { BRIDGE_METHODS, type BridgeMethods, type PlanDeskBridge, type SyncProgressEvent } from '../../shared/bridge';

const SECRET_KEY = 'plandesk.web-secret';
const SECRET_HEADER = 'x-plandesk-secret';

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
        const response = await fetch(`/bridge/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
          body: JSON.stringify(args),
        });
        const body = (await response.json()) as { result?: unknown; detail?: string };
        if (!response.ok) throw new Error(body.detail ?? `Bridge call failed with status ${response.status}.`);
        return body.result;
      },
    ]),
  ) as unknown as BridgeMethods;

  const listeners = new Set<(event: SyncProgressEvent) => void>();
  let stream: AbortController | undefined;

  // One NDJSON stream of progress events, open while anybody listens.
  async function follow(controller: AbortController): Promise<void> {
    const response = await fetch('/bridge/events', { headers: { [SECRET_HEADER]: secret }, signal: controller.signal });
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
