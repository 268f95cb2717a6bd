// A pull reads the feed's next page while it applies one: applying holds the thread, so the next
// page's request must be on the wire before the page's first record is written, or the remote
// makes each page only once the one before is in. Only the first page is waited for: it is small.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { describe, expect, it, onTestFinished } from 'vitest';
import { syncEnvironment } from '../../main/sync/engine.js';
import { pullEnvironment } from '../../main/sync/pull/pull.js';
import { FAST_BACKOFF } from './support/fast-backoff.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, startRemote } from './support/harness.js';

const PAGE = 10;

/** What the pull did, in order: a request of the feed written to the socket (its `since` and `limit`), or a record applied. */
type Step = { sent: string | null; limit: string | null } | { applied: number };

/** Records each request of the changes feed as undici writes its headers to the socket. */
function feedRequestsInto(steps: Step[]): void {
  const onSend = (message: unknown) => {
    const { request } = message as { request: { path: string } };
    const url = new URL(request.path, 'http://remote');
    if (url.pathname.endsWith('/changes/')) steps.push({ sent: url.searchParams.get('since'), limit: url.searchParams.get('limit') });
  };
  subscribe('undici:client:sendHeaders', onSend);
  onTestFinished(() => {
    unsubscribe('undici:client:sendHeaders', onSend);
  });
}

/** A laptop to pull into, and a remote a colleague filled with `employers` employers and their plans. */
async function remoteAndLaptop(employers: number) {
  const remote = await startRemote();
  const colleague = await createLocal();
  const records = populatedCount(await populate(colleague, { employers }));
  await syncEnvironment(colleague.ws, saveEnv(colleague, 'production', remote.url, remote.token), fastOptions());
  const laptop = await createLocal();
  return { remote, laptop, records, env: saveEnv(laptop, 'production', remote.url, remote.token) };
}

describe('pull through the changes feed', () => {
  it("sends each page's request before applying the page before it", async () => {
    const { laptop, records, env } = await remoteAndLaptop(3);

    const steps: Step[] = [];
    feedRequestsInto(steps);
    const summary = await pullEnvironment(laptop.ws, env, {
      backoff: FAST_BACKOFF,
      pageSize: PAGE,
      onProgress: ({ done }) => steps.push({ applied: done }),
    });
    expect(summary).toMatchObject({ created: records + 1, failed: 0 });

    const requests = steps.flatMap((step, at) => ('sent' in step ? [at] : []));
    const pages = Math.ceil((records + 2) / PAGE);
    expect(requests.length).toBeGreaterThanOrEqual(pages);
    // Page k (from 0) holds records k*PAGE+1 onwards; the request for page k+1 is the (k+2)th.
    for (let page = 0; page + 1 < requests.length; page += 1) {
      const firstApplied = steps.findIndex((step) => 'applied' in step && step.applied === page * PAGE + 1);
      expect(firstApplied, `page ${page} applied`).toBeGreaterThan(-1);
      expect(requests[page + 1], `the request for page ${page + 1} goes out before page ${page} is applied`).toBeLessThan(firstApplied);
    }
  });

  it('never asks for a page larger than the remote takes', async () => {
    const { remote, laptop, records } = await remoteAndLaptop(8);
    const proxy = await startFaultProxy(remote.url, { feedPageMax: 50 });
    const steps: Step[] = [];
    feedRequestsInto(steps);
    const env = saveEnv(laptop, 'production', proxy.url, remote.token);
    expect(await pullEnvironment(laptop.ws, env, { backoff: FAST_BACKOFF })).toMatchObject({ created: records + 1, failed: 0 });
    const limits = steps.flatMap((step) => ('sent' in step ? [Number(step.limit)] : []));
    expect(limits.length).toBeGreaterThan(records / 50);
    expect(limits.every((limit) => limit === 50)).toBe(true);
  });

  it('asks for a first page of 100 records, then pages of 300', async () => {
    const { laptop, records, env } = await remoteAndLaptop(8);
    const steps: Step[] = [];
    feedRequestsInto(steps);
    expect(await pullEnvironment(laptop.ws, env, { backoff: FAST_BACKOFF })).toMatchObject({ created: records + 1, failed: 0 });

    const limits = steps.flatMap((step) => ('sent' in step ? [step.limit] : []));
    expect(records).toBeGreaterThan(100);
    expect(limits[0]).toBe('100');
    expect(limits.slice(1)).toEqual(limits.slice(1).map(() => '300'));
    expect(limits.length).toBeGreaterThan(1);
  });
});
