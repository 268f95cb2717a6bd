// The journal: every write of the service, and only a write that succeeds, leaves one outbox row
// and one history entry in its own transaction, at the time of the context's clock; a server's
// database (the remote a workspace pushes to) keeps no journal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHistory } from '../../main/history/record-history.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { sqliteOf, type SqliteDb } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { validEmployerBody } from '../support/fixtures.js';

const CLOCK = '2031-02-03T04:05:06.000Z';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-journal-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const outbox = (db: SqliteDb) => db.prepare('SELECT entity, record_id, op, path, created_at FROM outbox ORDER BY seq').all();
const historyCount = (db: SqliteDb) => db.prepare('SELECT count(*) FROM record_history').pluck().get();

async function workspaceAt(clock: string): Promise<{ ws: Workspace; division: string }> {
  const { division } = await initWorkspace(join(dir, 'ws'), { account: 'Acme', email: 'broker@acme.test', division: 'Main' });
  return { ws: await openWorkspace(join(dir, 'ws'), { clock: () => new Date(clock) }), division };
}

describe('the journal', () => {
  it("queues a workspace's write and keeps its history at the time of the context's clock", async () => {
    const { ws, division } = await workspaceAt(CLOCK);
    try {
      const response = await ws.router({ method: 'POST', path: '/employers/', body: validEmployerBody(division, { other_filters: [] }), actor: ws.actor });
      const id = (response.body as { id: string }).id;
      expect(outbox(ws.db)).toEqual([{ entity: 'employer', record_id: id, op: 'create', path: `/employers/${id}/`, created_at: CLOCK }]);
      expect(readHistory(ws.db, id)).toMatchObject([{ at: CLOCK, user: 'broker@acme.test', op: 'create' }]);
    } finally {
      ws.close();
    }
  });

  it('keeps nothing of an update that changes no field (a form saved as it was), and keeps the next real one', async () => {
    const { ws, division } = await workspaceAt(CLOCK);
    try {
      const created = await ws.router({ method: 'POST', path: '/employers/', body: validEmployerBody(division, { other_filters: [] }), actor: ws.actor });
      const { id, ...saved } = created.body as Record<string, unknown>;
      const path = `/employers/${id}/`;
      expect((await ws.router({ method: 'PUT', path, body: saved, actor: ws.actor })).status).toBe(200);
      expect(outbox(ws.db)).toHaveLength(1);
      expect(readHistory(ws.db, id as string).map((entry) => entry.op)).toEqual(['create']);

      expect((await ws.router({ method: 'PUT', path, body: { ...saved, size: '75' }, actor: ws.actor })).status).toBe(200);
      expect(outbox(ws.db)).toHaveLength(2);
      expect(readHistory(ws.db, id as string).at(-1)).toMatchObject({ op: 'update', changes: { size: [saved.size, '75'] } });
    } finally {
      ws.close();
    }
  });

  it('keeps nothing of a write the service refuses', async () => {
    const { ws, division } = await workspaceAt(CLOCK);
    try {
      const before = historyCount(ws.db);
      const response = await ws.router({ method: 'POST', path: '/employers/', body: validEmployerBody(division, { name: '' }), actor: ws.actor });
      expect(response.status).toBe(400);
      expect(outbox(ws.db)).toEqual([]);
      expect(historyCount(ws.db)).toBe(before);
    } finally {
      ws.close();
    }
  });

  it("is not kept by a server's database", async () => {
    const db = await openDatabase(join(dir, 'server.db'));
    try {
      const context = createContext(db);
      const account = await bootstrap(context, { account: 'Acme', email: 'admin@acme.test', division: 'East' });
      const response = await createRouter(context)({
        method: 'POST',
        path: '/employers/',
        body: validEmployerBody(account.division, { other_filters: [] }),
        actor: { userId: account.user },
      });
      expect(response.status).toBe(200);
      expect(outbox(sqliteOf(db))).toEqual([]);
      expect(historyCount(sqliteOf(db))).toBe(0);
    } finally {
      await db.close();
    }
  });
});
