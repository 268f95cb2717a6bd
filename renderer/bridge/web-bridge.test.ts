// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge } from './web-bridge';

const SECRET = 'abcdefghijklmnopqrstuvwxyz012345';

function bridgeWithFetch(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', `/#secret=${SECRET}`);
  const bridge = createWebBridge(window.location, window.sessionStorage, window.history);
  return { bridge, fetchMock };
}

const ok = (result: unknown) => Promise.resolve(new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } }));
const draft = (text: string) => ({ id: '22222222-2222-4222-8222-222222222222', form: 'plan' as const, title: 't', detail: '', state: { text } });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('web-mode bridge', () => {
  it('takes the secret out of the address and sends it on every call', async () => {
    const { bridge, fetchMock } = bridgeWithFetch(() => ok({ ready: false }));
    expect(window.location.hash).toBe('#/');
    await bridge.workspace();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/bridge/workspace');
    expect((init.headers as Record<string, string>)['x-plandesk-secret']).toBe(SECRET);
    expect(init.keepalive).toBeUndefined();
  });

  it('sends drafts with keepalive, so a save on pagehide survives the reload', async () => {
    const { bridge, fetchMock } = bridgeWithFetch(() => ok({ status: 200, body: {} }));
    await bridge.saveDraft(draft('typed just before the reload'));
    await bridge.deleteDraft('22222222-2222-4222-8222-222222222222');
    expect(fetchMock.mock.calls.map(([, init]) => init.keepalive)).toEqual([true, true]);
  });

  it('a draft too large for keepalive, or one the browser refuses, is still sent', async () => {
    const { bridge, fetchMock } = bridgeWithFetch((_url, init) =>
      init.keepalive ? Promise.reject(new TypeError('keepalive quota')) : ok({ status: 200, body: {} }),
    );
    await expect(bridge.saveDraft(draft('small'))).resolves.toEqual({ status: 200, body: {} });
    await bridge.saveDraft(draft('x'.repeat(100 * 1024)));
    expect(fetchMock.mock.calls.map(([, init]) => init.keepalive)).toEqual([true, undefined, undefined]);
  });
});
