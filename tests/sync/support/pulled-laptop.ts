// A laptop that pulled what a colleague pushed to a remote: the starting point of the pull tests.
import { syncEnvironment } from '../../../main/sync/engine.js';
import { pullEnvironment } from '../../../main/sync/pull/pull.js';
import { remoteIdOf } from '../../../main/store/id-map-store.js';
import { FAST_BACKOFF } from './fast-backoff.js';
import { startFaultProxy } from './fault-proxy.js';
import { createLocal, fastOptions, populate, populatedCount, saveEnv, startRemote, type TestLocal } from './harness.js';

export const fastPull = { backoff: FAST_BACKOFF, timeoutMs: 300 };

/** How the remote lets itself be read: PlanDesk's changes feed, or (the hosted service) its lists and reads. */
export const SOURCES = [
  { source: 'the changes feed', noSyncExtensions: false },
  { source: 'lists and reads (no feed)', noSyncExtensions: true },
];

/** A remote filled by another laptop's push (what a broker's colleague entered), reached through a proxy that counts requests. */
export async function remoteFilledByColleague(noSyncExtensions: boolean, employers = 2) {
  const remote = await startRemote();
  const colleague = await createLocal();
  const data = await populate(colleague, { employers });
  await syncEnvironment(colleague.ws, saveEnv(colleague, 'production', remote.url, remote.token), fastOptions());
  const proxy = await startFaultProxy(remote.url, { noSyncExtensions });
  return { remote, colleague, proxy, records: populatedCount(data) };
}

/** A laptop that has pulled everything from the colleague's remote. */
export async function pulledLaptop(noSyncExtensions: boolean) {
  const { remote, colleague, proxy } = await remoteFilledByColleague(noSyncExtensions);
  const laptop = await createLocal();
  const env = saveEnv(laptop, 'production', proxy.url, remote.token);
  await pullEnvironment(laptop.ws, env, fastPull);
  const employers = (await laptop.ok('GET', '/employers/list/')) as { id: string; name: string }[];
  const employer = employers[0]!;
  const remoteEmployer = remoteIdOf(laptop.ws.db, 'production', employer.id)!;
  return { remote, colleague, proxy, laptop, env, employer, remoteEmployer };
}

/** The laptop's long-term disability plans (two employers, one each), with their remote ids. */
export async function pulledLtdPlans(laptop: TestLocal) {
  const plans: { benefit: string; id: string; title: string; percentage: unknown; remote: string }[] = [];
  for (const employer of (await laptop.ok('GET', '/employers/list/')) as { id: string }[]) {
    const ltd = ((await laptop.ok('GET', `/employers/${employer.id}/`)).plans_expired as { benefit: string; id: string }[]).filter(
      (plan) => plan.benefit === 'ltd',
    );
    for (const plan of ltd) {
      const { title, percentage } = await laptop.ok('GET', `/plans/ltd/${plan.id}/`);
      plans.push({ ...plan, title: String(title), percentage, remote: remoteIdOf(laptop.ws.db, 'production', plan.id)! });
    }
  }
  return plans;
}
