// Records by reference: how the application's own features (sync, import, export, inspector,
// exhibit) read and write a record through the service, by the API path the outbox keeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../main/service/api-error.js';
import { readRecord, recordAt, replaceRecord } from '../../main/service/records.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';

const ID = '0190a3c4-0000-7000-8000-000000000001';
let dir: string;
let ws: Workspace;
let division: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-records-'));
  division = (await initWorkspace(dir, { account: 'Acme', email: 'broker@acme.test', division: 'Main' })).division;
  ws = await openWorkspace(dir);
});

afterAll(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a record by its API path', () => {
  it("names the entity, the id and a plan's kind", () => {
    expect(recordAt(`/employers/${ID}/`)).toEqual({ entity: 'employer', id: ID });
    expect(recordAt(`/plans/dental/${ID}/`)).toEqual({ entity: 'plan', benefit: 'dental', id: ID });
    expect(recordAt(`/users/${ID}/`)).toEqual({ entity: 'user', id: ID });
    expect(recordAt(`/divisions/${ID}/`)).toEqual({ entity: 'division', id: ID });
  });

  it("refuses a path that is not a record's", () => {
    for (const path of ['/employers/', `/plans/dentl/${ID}/`, `/filters/${ID}/`, `/employers/${ID}/plans/`]) {
      expect(() => recordAt(path), path).toThrow(`${path} is not the path of a record`);
    }
  });
});

describe('reading and replacing through the service', () => {
  it('reads a record as the API answers it, and nothing for one that does not exist', async () => {
    const created = (await ws.router({ method: 'POST', path: '/employers/', body: validEmployerBody(division, { other_filters: [] }), actor: ws.actor }))
      .body as {
      id: string;
    };
    const read = (await ws.router({ method: 'GET', path: `/employers/${created.id}/`, body: undefined, actor: ws.actor })).body;
    expect(await readRecord(ws.context, await ws.caller(), { entity: 'employer', id: created.id })).toEqual(read);
    expect(await readRecord(ws.context, await ws.caller(), { entity: 'plan', benefit: 'medical', id: ID })).toBeUndefined();
  });

  it('replaces a record by the same rules as PUT, and a refusal is the ApiError with its body', async () => {
    const employer = (
      await ws.router({
        method: 'POST',
        path: '/employers/',
        body: validEmployerBody(division, { name: 'Globex', url: 'https://globex.example', other_filters: [] }),
        actor: ws.actor,
      })
    ).body as { id: string };
    const plan = (
      await ws.router({
        method: 'POST',
        path: '/plans/vision/',
        body: validPlanBody('vision', { employer: employer.id, from_plan: undefined, from_action: undefined }),
        actor: ws.actor,
      })
    ).body as Record<string, unknown>;
    const ref = recordAt(`/plans/vision/${plan.id as string}/`);
    const body = validPlanBody('vision', { employer: employer.id, from_plan: undefined, from_action: undefined, title: 'Renamed' });
    expect(await replaceRecord(ws.context, await ws.caller(), ref, body)).toMatchObject({ id: plan.id, title: 'Renamed' });
    const refusal = await (async () => {
      try {
        await replaceRecord(ws.context, await ws.caller(), ref, { ...body, title: '' });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(400);
    expect((refusal as ApiError).body).toHaveProperty('title');
    expect(await readRecord(ws.context, await ws.caller(), ref)).toMatchObject({ title: 'Renamed' });
  });
});
