// `plandesk serve --strict-api` (docs/api.md, "A remote without extensions"): only the 16
// operations of 2.2.1 are served, as a remote without PlanDesk's extensions would serve them; every
// other path is unknown (404) and every other method on a 2.2.1 path not allowed (405). Without it,
// GET /capabilities/ tells a client what the server offers beyond 2.2.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFITS } from '../../shared/plans/benefits.js';
import { routes } from '../../shared/routes.js';
import { capabilitiesSchema, SYNC_LIMITS } from '../../shared/sync-wire.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, type ApiHarness } from '../support/api-server.js';
import { validPlanBody } from '../support/fixtures.js';

let strict: ApiHarness;
let full: ApiHarness;
let employer: Record<string, any>;
let plan: Record<string, any>;
let user: { id: string; email: string };

beforeAll(async () => {
  [strict, full] = await Promise.all([startApi({ strictApi: true }), startApi()]);
  employer = await strict.createEmployer();
  plan = await strict.createPlan('medical', employer.id);
  user = await strict.createRegularUser({ division: strict.admin.division });
});
afterAll(() => Promise.all([strict.close(), full.close()]));

const ID = '0190d5a4-0000-7000-8000-000000000000';

describe('the 16 operations of 2.2.1', () => {
  it('are the routes marked 2.2.1, one POST per plan kind among them', () => {
    const served = routes.filter((route) => route.spec === '2.2.1');
    const operations = served.flatMap((route) =>
      route.path.includes('{benefit}') ? BENEFITS.map((kind) => route.path.replace('{benefit}', kind)) : [route.path],
    );
    expect(operations).toHaveLength(16);
  });

  it('are answered as ever', async () => {
    expect((await strict.request('GET', `/employers/${employer.id}/`)).body).toMatchObject({ id: employer.id, plans: [{ benefit: 'medical', id: plan.id }] });
    const {
      id: _id,
      account: _account,
      plans: _plans,
      plans_expired: _expired,
      created_at: _c,
      created_by: _cb,
      updated_at: _u,
      updated_by: _ub,
      ...writable
    } = employer;
    expect((await strict.request('PUT', `/employers/${employer.id}/`, { ...writable, size: '99' })).body).toMatchObject({ size: '99' });
    for (const kind of BENEFITS) {
      const response = await strict.request(
        'POST',
        `/plans/${kind}/`,
        validPlanBody(kind, { employer: employer.id, title: `Strict ${kind}`, from_plan: undefined, from_action: undefined }),
      );
      expect(response.status, `${kind}: ${response.text}`).toBe(200);
    }
    const division = await strict.request('POST', '/divisions/', { name: 'Strict Division', users: [], employer_ids: [] });
    expect(division.status).toBe(200);
    expect((await strict.request('POST', `/divisions/${division.body.id}/addUser/`, { email: user.email })).status).toBe(200);
    expect((await strict.request('GET', '/divisions/list/')).body).toEqual(expect.arrayContaining([{ id: division.body.id, name: 'Strict Division' }]));
  });
});

describe('everything else under --strict-api', () => {
  it.each([
    ['GET', '/changes/'],
    ['POST', '/batch/'],
    ['GET', '/capabilities/'],
    ['GET', '/employers/list/'],
    ['GET', '/employers/summaries/'],
    ['GET', `/employers/${ID}/plans/`],
    ['GET', `/plans/medical/${ID}/`],
    ['PUT', `/plans/medical/${ID}/`],
    ['DELETE', `/plans/medical/${ID}/`],
    ['GET', '/users/list/'],
    ['GET', '/users/summaries/'],
    ['GET', '/users/byEmail/someone@example.com/'],
    ['GET', `/users/${ID}/`],
    ['PUT', `/users/${ID}/role/`],
    ['GET', `/divisions/${ID}/`],
    ['GET', `/divisions/byEmployer/${ID}/`],
    ['POST', `/divisions/${ID}/removeUser/`],
    ['GET', '/filters/list/'],
  ])('%s %s: 404, changing nothing', async (method, path) => {
    const before = await strict.digest(['tokens']);
    const response = await strict.request(method, path, method === 'GET' ? undefined : {});
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: messages.notFound });
    expect(await strict.digest(['tokens'])).toBe(before);
  });

  it.each([
    ['DELETE', '/employers/{id}/', 'GET, PUT'],
    ['GET', '/employers/', 'POST'],
    ['GET', '/users/', 'POST'],
    ['GET', '/plans/medical/', 'POST'],
  ])('%s %s: 405, its Allow header naming only the 2.2.1 methods', async (method, path, allow) => {
    const response = await strict.request(method, path.replace('{id}', employer.id));
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect((await strict.request('GET', `/employers/${employer.id}/`)).status).toBe(200);
  });

  it('describes a path with only its 2.2.1 methods (OPTIONS)', async () => {
    const response = await strict.request('OPTIONS', `/employers/${employer.id}/`);
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, PUT, HEAD, OPTIONS');
  });

  it('answers a request without credentials on an extension 404, as a path it does not know', async () => {
    expect((await strict.request('GET', '/changes/', undefined, null)).status).toBe(404);
    expect((await full.request('GET', '/changes/', undefined, null)).status).toBe(401);
  });
});

describe('GET /capabilities/ (without --strict-api)', () => {
  it("names the extensions and limits, and the caller's account", async () => {
    const response = await full.request('GET', '/capabilities/');
    expect(response.status).toBe(200);
    expect(capabilitiesSchema.parse(response.body)).toEqual({
      version: '2.2.1',
      extensions: ['changes', 'batch', 'older-edition', 'if-match', 'compressed-bodies'],
      account: 'Harness Brokers',
      limits: {
        changes_page: SYNC_LIMITS.changesPageMax,
        batch_operations: SYNC_LIMITS.batchOperations,
        batch_bytes: SYNC_LIMITS.batchBytes,
        body_bytes: 1024 * 1024,
      },
    });
  });

  it('needs credentials (401), answers HEAD without a body, and refuses a write (405)', async () => {
    expect((await full.request('GET', '/capabilities/', undefined, null)).status).toBe(401);
    const head = await full.request('HEAD', '/capabilities/');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect((await full.request('POST', '/capabilities/', {})).status).toBe(405);
  });
});
