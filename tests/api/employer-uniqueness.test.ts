// Employer names and web addresses are unique within the account, and plans are read-only on the employer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validEmployerBody, pickWritable } from '../support/fixtures.js';
import { messages } from '../../shared/validation/messages.js';
import { expectRejected } from '../support/api-expect.js';
import { startApi, unique, type ApiHarness } from '../support/api-server.js';

let h: ApiHarness;

beforeAll(async () => {
  h = await startApi();
});
afterAll(() => h.close());

/** A valid, unique employer body in the admin's division. */
function employerBody(overrides: Record<string, unknown> = {}) {
  const name = unique('Globex ');
  return validEmployerBody(h.admin.division, { name, url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`, other_filters: [], ...overrides });
}

async function employerNames(): Promise<string[]> {
  return ((await h.request('GET', '/employers/list/')).body as { name: string }[]).map((e) => e.name);
}
describe('employer uniqueness within the account', () => {
  it('rejects a second employer with the same name in another case', async () => {
    const first = await h.createEmployer();
    const before = await employerNames();
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ name: (first.name as string).toUpperCase() }),
      {
        name: [messages.alreadyExists('employer', 'name')],
      },
      { only: true },
    );
    expect(await employerNames()).toEqual(before);
  });

  it('rejects a second employer whose name differs only in the case of accented letters', async () => {
    const name = unique('Société Générale Ärzte ');
    await h.createEmployer({ name });
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ name: name.toUpperCase() }),
      {
        name: [messages.alreadyExists('employer', 'name')],
      },
      { only: true },
    );
    await expectRejected(
      h,
      'POST',
      '/employers/',
      employerBody({ name: name.toLowerCase() }),
      {
        name: [messages.alreadyExists('employer', 'name')],
      },
      { only: true },
    );
  });

  it('rejects a second employer with the same url', async () => {
    const first = await h.createEmployer();
    await expectRejected(h, 'POST', '/employers/', employerBody({ url: first.url }), { url: [messages.alreadyExists('employer', 'url')] }, { only: true });
  });

  it('rejects a PUT that takes the name of another employer', async () => {
    const first = await h.createEmployer();
    const second = await h.createEmployer();
    await expectRejected(
      h,
      'PUT',
      `/employers/${second.id}/`,
      { ...pickWritable(second), name: first.name },
      {
        name: [messages.alreadyExists('employer', 'name')],
      },
      { only: true },
    );
  });

  it('lets another account use the same name and url', async () => {
    const first = await h.createEmployer();
    const other = await h.bootstrapAccount();
    const response = await h.request('POST', '/employers/', { ...pickWritable(first), other_filters: [], division: other.division }, other.token);
    expect(response.status).toBe(200);
    expect(response.body.account).toBe(other.account);
  });
});

describe('plans are read-only on the employer', () => {
  it('ignores plans and plans_expired sent on POST and PUT', async () => {
    const other = await h.createEmployer();
    const plan = await h.createPlan('vision', other.id);
    const smuggled = { plans: [{ benefit: 'vision', id: plan.id }], plans_expired: [{ benefit: 'vision', id: plan.id }] };
    const created = await h.request('POST', '/employers/', employerBody(smuggled));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ plans: [], plans_expired: [] });
    const replaced = await h.request('PUT', `/employers/${created.body.id}/`, { ...pickWritable(created.body), ...smuggled });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ plans: [], plans_expired: [] });
    expect((await h.request('GET', `/employers/${other.id}/`)).body.plans).toEqual([{ benefit: 'vision', id: plan.id }]);
  });
});
