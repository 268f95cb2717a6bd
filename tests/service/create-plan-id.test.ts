// createPlanId: the service's createPlan for a writer that needs only the new plan's id (a pull).
// It must make exactly what createPlan makes (the plan, its journal: outbox row and history) and
// refuse exactly what createPlan refuses, writing nothing then.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../../main/history/record-history.js';
import { ApiError } from '../../main/service/api-error.js';
import { createEmployer } from '../../main/service/employers.js';
import { createPlan, createPlanId, readPlan } from '../../main/service/plans.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';

let dir: string;
let ws: Workspace;
let employer: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-create-plan-id-'));
  const { division } = await initWorkspace(dir, { account: 'Acme', email: 'broker@acme.test', division: 'Main' });
  ws = await openWorkspace(dir);
  employer = (await createEmployer(ws.context, await ws.caller(), validEmployerBody(division, { other_filters: [] }))).id;
});

afterAll(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

const body = (title: string) => validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined });
const outboxOf = (id: string) => ws.db.prepare('SELECT entity, op, path FROM outbox WHERE record_id = ?').all(id);
const withoutIds = (plan: Record<string, unknown>) => ({ ...plan, id: undefined, title: undefined, created_at: undefined, updated_at: undefined });

describe('createPlanId', () => {
  it('makes the plan createPlan makes, with the same outbox row and history entry', async () => {
    const answered = await createPlan(ws.context, await ws.caller(), 'medical', body('Gold PPO'));
    const id = await createPlanId(ws.context, await ws.caller(), 'medical', body('Silver PPO'));

    const made = await readPlan(ws.context, await ws.caller(), 'medical', id);
    expect(made).toMatchObject({ id, title: 'Silver PPO' });
    expect(withoutIds(made)).toEqual(withoutIds(answered));
    expect(outboxOf(id)).toEqual([{ entity: 'plan', op: 'create', path: `/plans/medical/${id}/` }]);
    const [entry] = readHistory(ws.db, id);
    const [answeredEntry] = readHistory(ws.db, answered.id);
    expect({ ...entry!.changes, title: undefined }).toEqual({ ...answeredEntry!.changes, title: undefined });
    expect(entry!.changes.title).toEqual([null, 'Silver PPO']);
  });

  it('refuses what createPlan refuses, with the same answer, and writes nothing', async () => {
    const taken = body('Gold PPO');
    const refusal = async (create: () => Promise<unknown>) => {
      try {
        await create();
      } catch (error) {
        return error instanceof ApiError ? { status: error.status, body: error.body } : error;
      }
      throw new Error('not refused');
    };
    const outboxRows = () => ws.db.prepare('SELECT count(*) AS n FROM outbox').get();
    const before = outboxRows();
    expect(await refusal(async () => createPlanId(ws.context, await ws.caller(), 'medical', taken))).toEqual(
      await refusal(async () => createPlan(ws.context, await ws.caller(), 'medical', taken)),
    );
    expect(await refusal(async () => createPlanId(ws.context, await ws.caller(), 'medical', { ...taken, title: 'Bronze', t1_ee: -1 }))).toMatchObject({
      status: 400,
      body: { t1_ee: expect.any(Array) },
    });
    expect(outboxRows()).toEqual(before);
  });
});
