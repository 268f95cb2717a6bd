// A client made from the OpenAPI document alone, as an integrator would make one: openapi-typescript's
// types of docs/openapi.json (tests/support/openapi-types.ts, written by `npm run openapi`) and
// openapi-fetch, against `plandesk serve` run for real. Its bodies are type-checked against the
// document by `npm run typecheck`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import type { components, paths } from '../support/openapi-types.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';

type MedicalPlanInput = components['schemas']['MedicalPlanInput'];

let dir: string;
let serve: ServeChild;
let boot: { token: string; division: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-openapi-client-'));
  const db = join(dir, 'agency.db');
  const made = await runPlandesk(['admin', 'bootstrap', '--db', db, '--account', 'Acme', '--email', 'admin@acme.example.com', '--division', 'East'], '', {
    env: { HOME: dir },
  });
  boot = JSON.parse(made.stdout) as typeof boot;
  serve = await startServeChild(db);
});
afterAll(async () => {
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Last year's medical plan as the document types it: the null-if-none fields are required, given as null. */
const medicalPlan = (employer: string): MedicalPlanInput => ({
  employer,
  title: 'Gold PPO 2025',
  carrier: 'Aetna',
  start_date: '2025-01-01',
  end_date: '2025-12-31',
  pt: false,
  funding: 'FUNDING_FULLY',
  type: 'PPO',
  t1_ee: 1200,
  t2_ee: 3000,
  t3_ee: 2800,
  t4_ee: 4800,
  t1_gross: 7200,
  t2_gross: 14400,
  t3_gross: 13000,
  t4_gross: 20000,
  in_ded_single: 1000,
  in_ded_family: 2000,
  in_max_single: 4000,
  in_max_family: 8000,
  in_coin: 20,
  pcp_ded_apply: 'FALSE',
  sp_ded_apply: 'FALSE',
  er_ded_apply: 'TRUE_COIN',
  uc_ded_apply: 'FALSE',
  lx_ded_apply: 'TRUE',
  ip_ded_apply: 'TRUE_COIN',
  op_ded_apply: 'TRUE_COIN',
  rx1_ded_apply: 'FALSE',
  rx2_ded_apply: 'FALSE',
  hra: false,
  hsa: false,
  fsa: true,
  age_rated: false,
  salary_banding: false,
  tobacco_surcharge: null,
  spousal_surcharge: 600,
  t1_ercdhp: null,
  t2_ercdhp: null,
  t3_ercdhp: null,
  t4_ercdhp: null,
});

describe('a client generated from the OpenAPI document', () => {
  it('reads the document from serve without a token: the one committed as docs/openapi.json', async () => {
    const anonymous = createClient<paths>({ baseUrl: serve.url });
    const { data, response } = await anonymous.GET('/schema/');
    expect(response.status).toBe(200);
    expect(data).toEqual(JSON.parse(readFileSync('docs/openapi.json', 'utf8')));
  });

  it('creates an employer and a medical plan, reads the plan back, and deletes it with an Idempotency-Key', async () => {
    const client = createClient<paths>({ baseUrl: serve.url, headers: { Authorization: `Token ${boot.token}` } });
    const employer = await client.POST('/employers/', {
      body: {
        name: 'Globex',
        url: 'https://globex.example',
        size: '250',
        naics_codes: ['541511'],
        location_states: ['CA', 'DC'],
        other_filters: [],
        division: boot.division,
      },
    });
    expect(employer.response.status, JSON.stringify(employer.error)).toBe(200);
    const employerId = employer.data!.id;
    expect(employer.data).toMatchObject({ name: 'Globex', division: boot.division, plans: [] });

    const plan = await client.POST('/plans/medical/', { body: medicalPlan(employerId) });
    expect(plan.response.status, JSON.stringify(plan.error)).toBe(200);
    expect(plan.data).toMatchObject({ employer: employerId, title: 'Gold PPO 2025', tobacco_surcharge: null, out_ded_single: null, status: 'EXPIRED' });

    const planID = plan.data!.id;
    const read = await client.GET('/plans/medical/{planID}/', { params: { path: { planID } } });
    expect(read.data).toEqual(plan.data);
    const listed = await client.GET('/employers/{employerID}/', { params: { path: { employerID: employerId } } });
    expect(listed.data!.plans_expired).toEqual([{ benefit: 'medical', id: planID }]);

    const removed = await client.DELETE('/plans/medical/{planID}/', { params: { path: { planID }, header: { 'Idempotency-Key': 'remove-gold-2025' } } });
    expect(removed.response.status).toBe(204);
    const again = await client.DELETE('/plans/medical/{planID}/', { params: { path: { planID }, header: { 'Idempotency-Key': 'remove-gold-2025' } } });
    expect(again.response.status).toBe(204);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
  });

  it("gets the service's 400 as the document types it: the fields refused, each with its messages", async () => {
    const client = createClient<paths>({ baseUrl: serve.url, headers: { Authorization: `Token ${boot.token}` } });
    const { error, response } = await client.POST('/employers/', {
      body: { name: 'Initech', url: 'https://initech.example', size: '0', naics_codes: [], location_states: [], other_filters: [], division: boot.division },
    });
    expect(response.status).toBe(400);
    expect(error).toEqual({ size: ['Enter the number of full-time eligible employees as digits greater than 0, for example "250".'] });
  });
});
