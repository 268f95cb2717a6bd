// The app's local list operations over HTTP: the employer list in windows (GET /employers/summaries/
// with ?limit=&offset=) and an employer's plans in one answer (GET /employers/{employerID}/plans/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/validation/messages.js';
import { expectRefused, expectRejected } from '../support/api-expect.js';
import { startApi, type ApiHarness, type RegularUser } from '../support/api-server.js';

let h: ApiHarness;
let regular: RegularUser;
/** The admin's employers by name, as the whole list answers them. */
let names: string[];

beforeAll(async () => {
  h = await startApi();
  for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) {
    await h.createEmployer({ name, url: `https://${name.toLowerCase()}.example.com` });
  }
  regular = await h.createRegularUser();
  for (const name of ['Foxtrot', 'Golf']) {
    await h.createEmployer({ name, url: `https://${name.toLowerCase()}.example.com`, division: regular.division });
  }
  names = (await h.request('GET', '/employers/summaries/')).body.map((summary: { name: string }) => summary.name);
});
afterAll(() => h.close());

const namesOf = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('GET /employers/summaries/ in windows', () => {
  it('answers the whole list, by name without regard to case, when no limit is given', () => {
    expect(names).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'Golf']);
  });

  it('answers the first window with the total and the path of the next', async () => {
    const response = await h.request('GET', '/employers/summaries/?limit=3');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ count: 7, next: '/employers/summaries/?limit=3&offset=3', previous: null });
    expect(namesOf(response.body.results)).toEqual(names.slice(0, 3));
  });

  it('carries the same rows, lists and counts as the whole list', async () => {
    const plans = await h.createEmployer({ name: 'Aardvark', url: 'https://aardvark.example.com', location_states: ['CA', 'NY'] });
    await h.createPlan('medical', plans.id);
    await h.createPlan('dental', plans.id, { start_date: '2024-01-01', end_date: '2024-12-31' });
    const whole = (await h.request('GET', '/employers/summaries/')).body;
    const window = (await h.request('GET', '/employers/summaries/?limit=2')).body;
    expect(window.results).toEqual(whole.slice(0, 2));
    expect(window.results[0]).toMatchObject({ name: 'Aardvark', location_states: ['CA', 'NY'], plan_count: 1, expired_plan_count: 1 });
    await h.request('DELETE', `/employers/${plans.id}/`);
  });

  it('answers a middle window with both neighbours, and the last with no next', async () => {
    const middle = (await h.request('GET', '/employers/summaries/?limit=2&offset=3')).body;
    expect(middle).toMatchObject({ count: 7, next: '/employers/summaries/?limit=2&offset=5', previous: '/employers/summaries/?limit=2&offset=1' });
    expect(namesOf(middle.results)).toEqual(names.slice(3, 5));
    const last = (await h.request('GET', '/employers/summaries/?limit=2&offset=5')).body;
    expect(last).toMatchObject({ count: 7, next: null, previous: '/employers/summaries/?limit=2&offset=3' });
    expect(namesOf(last.results)).toEqual(names.slice(5));
  });

  it('reads a repeated limit or offset as DRF does: the last value', async () => {
    const repeated = (await h.request('GET', '/employers/summaries/?limit=5&offset=0&limit=2&offset=3')).body;
    expect(repeated).toEqual((await h.request('GET', '/employers/summaries/?limit=2&offset=3')).body);
  });

  it('answers no rows, and still the total, past the end', async () => {
    expect((await h.request('GET', '/employers/summaries/?limit=10&offset=50')).body).toMatchObject({ count: 7, next: null, results: [] });
  });

  it('counts and windows only the employers of the divisions a regular user holds', async () => {
    const response = await h.request('GET', '/employers/summaries/?limit=1', undefined, regular.token);
    expect(response.body).toMatchObject({ count: 2, next: '/employers/summaries/?limit=1&offset=1', previous: null });
    expect(namesOf(response.body.results)).toEqual(['Foxtrot']);
  });

  it('refuses a limit or offset that is not a whole number in range, and an offset without a limit', async () => {
    const path = '/employers/summaries/';
    await expectRejected(h, 'GET', `${path}?limit=0`, undefined, { limit: [messages.minValue(1)] }, { only: true });
    await expectRejected(h, 'GET', `${path}?limit=ten`, undefined, { limit: [messages.integer] }, { only: true });
    await expectRejected(h, 'GET', `${path}?limit=2.5`, undefined, { limit: [messages.integer] }, { only: true });
    await expectRejected(h, 'GET', `${path}?limit=`, undefined, { limit: [messages.integer] }, { only: true });
    await expectRejected(h, 'GET', `${path}?limit=99999999999`, undefined, { limit: [messages.maxValue(1_000_000_000)] }, { only: true });
    await expectRejected(h, 'GET', `${path}?limit=5&offset=-1`, undefined, { offset: [messages.minValue(0)] }, { only: true });
    await expectRejected(h, 'GET', `${path}?limit=x&offset=y`, undefined, { limit: [messages.integer], offset: [messages.integer] }, { only: true });
    await expectRejected(h, 'GET', `${path}?offset=5`, undefined, { offset: ['An offset needs a limit.'] }, { only: true });
  });

  it('ignores query parameters it does not know, as the other operations do', async () => {
    expect(namesOf((await h.request('GET', '/employers/summaries/?search=alpha')).body)).toEqual(names);
  });
});

describe('GET /employers/{employerID}/plans/', () => {
  it('lists every plan of every kind in one answer, newest plan year first, expired ones marked', async () => {
    const employer = await h.createEmployer();
    const old = await h.createPlan('medical', employer.id, { title: 'Gold 2024', start_date: '2024-01-01', end_date: '2024-12-31' });
    const current = await h.createPlan('medical', employer.id, { title: 'Gold 2025', start_date: '2025-01-01', end_date: '2025-12-31' });
    const dental = await h.createPlan('dental', employer.id, { title: 'Dental mid-year', start_date: '2024-07-01', end_date: '2025-06-30' });
    // The harness clock is 2025-06-15: a plan ending that day is still active.
    const endsToday = await h.createPlan('vision', employer.id, { title: 'Vision to today', start_date: '2024-06-16', end_date: '2025-06-15' });

    const response = await h.request('GET', `/employers/${employer.id}/plans/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { benefit: 'medical', id: current.id, title: 'Gold 2025', carrier: current.carrier, start_date: '2025-01-01', end_date: '2025-12-31', expired: false },
      { benefit: 'dental', id: dental.id, title: 'Dental mid-year', carrier: dental.carrier, start_date: '2024-07-01', end_date: '2025-06-30', expired: false },
      {
        benefit: 'vision',
        id: endsToday.id,
        title: 'Vision to today',
        carrier: endsToday.carrier,
        start_date: '2024-06-16',
        end_date: '2025-06-15',
        expired: false,
      },
      { benefit: 'medical', id: old.id, title: 'Gold 2024', carrier: old.carrier, start_date: '2024-01-01', end_date: '2024-12-31', expired: true },
    ]);
  });

  it('splits plans into active and expired exactly as the employer record does', async () => {
    const employer = await h.createEmployer();
    await h.createPlan('dental', employer.id, { start_date: '2023-01-01', end_date: '2023-12-31' });
    await h.createPlan('basiclife', employer.id);
    const record = (await h.request('GET', `/employers/${employer.id}/`)).body;
    const plans = (await h.request('GET', `/employers/${employer.id}/plans/`)).body as { id: string; expired: boolean }[];
    const ids = (refs: { id: string }[]) => refs.map((ref) => ref.id).sort();
    expect(ids(plans.filter((plan) => !plan.expired))).toEqual(ids(record.plans));
    expect(ids(plans.filter((plan) => plan.expired))).toEqual(ids(record.plans_expired));
  });

  it('answers an empty list for an employer without plans', async () => {
    const employer = await h.createEmployer();
    expect((await h.request('GET', `/employers/${employer.id}/plans/`)).body).toEqual([]);
  });

  it('answers 404 for an employer in a division the user does not hold, and for one that does not exist', async () => {
    const hidden = await h.createEmployer();
    await expectRefused(h, 'GET', `/employers/${hidden.id}/plans/`, undefined, 404, messages.notFound, regular.token);
    await expectRefused(h, 'GET', '/employers/00000000-0000-4000-8000-000000000000/plans/', undefined, 404, messages.notFound);
  });

  it('is read-only and answers 405 to other methods', async () => {
    const employer = await h.createEmployer();
    const response = await expectRefused(h, 'POST', `/employers/${employer.id}/plans/`, {}, 405);
    expect(response.headers['allow']).toBe('GET');
  });
});
