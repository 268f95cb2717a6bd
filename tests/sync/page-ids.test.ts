// The id map as a page of pulled changes meets it (main/sync/pull/page-ids.ts): read at once for
// every remote id the page names, then kept as the page links and unlinks records, so that each
// answer is what the id map itself holds at that moment.
import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../shared/sync-wire.js';
import { localIdOf, mapIds } from '../../main/store/id-map-store.js';
import { PageIds } from '../../main/sync/pull/page-ids.js';
import { createLocal, saveEnv, type TestLocal } from './support/harness.js';

const ENV = 'production';
let laptop: TestLocal;

afterEach(() => laptop.close());

const plan = (id: string, employer: string): Change => ({ entity: 'plan', kind: 'medical', id, op: 'upsert', record: { employer, from_plan: null } });
const removal = (id: string): Change => ({ entity: 'employer', kind: null, id, op: 'remove', record: null });

describe("a page's id map", () => {
  it('answers for the remote ids the page names and for others, as the id map holds them', async () => {
    laptop = await createLocal();
    saveEnv(laptop, ENV, 'http://127.0.0.1:9', 'token');
    const { db } = laptop.ws;
    mapIds(db, ENV, 'employer', 'local-employer', 'remote-employer');
    mapIds(db, ENV, 'plan', 'local-other', 'remote-other');
    const ids = new PageIds(db, ENV);
    ids.begin([plan('remote-plan', 'remote-employer'), removal('remote-gone')]);

    expect(ids.localIdOf('remote-employer')).toBe('local-employer');
    expect(ids.localIdOf('remote-plan')).toBeUndefined();
    expect(ids.localIdOf('remote-gone')).toBeUndefined();
    // Not named by the page: looked up.
    expect(ids.localIdOf('remote-other')).toBe('local-other');
  });

  it('keeps what the page links, links anew and unlinks', async () => {
    laptop = await createLocal();
    saveEnv(laptop, ENV, 'http://127.0.0.1:9', 'token');
    const { db } = laptop.ws;
    mapIds(db, ENV, 'employer', 'local-employer', 'remote-employer');
    const ids = new PageIds(db, ENV);
    ids.begin([plan('remote-plan', 'remote-employer'), plan('remote-renamed', 'remote-employer')]);

    ids.link('plan', 'local-plan', 'remote-plan', { version: 'v1', at: '2026-12-06T00:00:00.000Z' });
    ids.link('employer', 'local-employer', 'remote-renamed');
    ids.unlink('local-plan');
    ids.link('plan', 'local-plan-2', 'remote-plan');

    const named = ['remote-plan', 'remote-employer', 'remote-renamed'];
    expect(named.map((remote) => ids.localIdOf(remote))).toEqual(['local-plan-2', undefined, 'local-employer']);
    expect(named.map((remote) => ids.localIdOf(remote))).toEqual(named.map((remote) => localIdOf(db, ENV, remote)));
  });

  it('reads the id map anew for each page', async () => {
    laptop = await createLocal();
    saveEnv(laptop, ENV, 'http://127.0.0.1:9', 'token');
    const { db } = laptop.ws;
    const ids = new PageIds(db, ENV);
    ids.begin([plan('remote-plan', 'remote-employer')]);
    expect(ids.localIdOf('remote-employer')).toBeUndefined();

    mapIds(db, ENV, 'employer', 'local-employer', 'remote-employer');
    ids.begin([plan('remote-plan', 'remote-employer')]);

    expect(ids.localIdOf('remote-employer')).toBe('local-employer');
  });
});
