import { randomUUID } from 'node:crypto';
import { planKinds } from '../shared/plans/index.js';
import { commonPlanFields } from '../shared/plans/common.js';
import { benchWorld, medicalBody, median } from './setup.js';

const ROUNDS = 5;
const PER_ROUND = 1500;

/**
 * Create-plan throughput through the service (router, validation, checks, one transaction, the
 * response read back) against a raw prepared insert of the same row in its own transaction.
 * Both sides use the same database settings (WAL, synchronous=FULL), interleaved round by round.
 */
export async function benchServiceVsRaw(): Promise<{ serviceOps: number; rawOps: number; ratio: number }> {
  const service = await benchWorld('service');
  const raw = await benchWorld('raw');
  const detailColumns = Object.keys(planKinds.medical.fields).filter((name) => !(name in commonPlanFields));
  const insertCommon = raw.db
    .prepare(`INSERT INTO plans (id, employer_id, benefit, title, carrier, start_date, end_date, from_plan, from_action, pt, created_at, created_by, updated_at, updated_by)
    VALUES (@id, @employer, 'medical', @title, @carrier, @start_date, @end_date, @from_plan, @from_action, @pt, @at, @by, @at, @by)`);
  const insertDetail = raw.db.prepare(
    `INSERT INTO plan_medical (plan_id, ${detailColumns.map((c) => `"${c}"`).join(', ')}) VALUES (@id, ${detailColumns.map((c) => `@${c}`).join(', ')})`,
  );
  const rawInsert = raw.db.transaction((row: Record<string, unknown>) => {
    insertCommon.run(row);
    insertDetail.run(row);
  });
  const actor = { userId: service.userId };

  const serviceRates: number[] = [];
  const rawRates: number[] = [];
  let serial = 0;
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const bodies = Array.from({ length: PER_ROUND }, () => medicalBody(service.employerId, serial++));
      let started = performance.now();
      for (const body of bodies) {
        const response = await service.router({ method: 'POST', path: '/plans/medical/', body, actor });
        if (response.status !== 200) throw new Error(`service create failed: ${JSON.stringify(response.body)}`);
      }
      serviceRates.push(PER_ROUND / ((performance.now() - started) / 1000));

      const rows = bodies.map((body) => toRawRow({ ...body, employer: raw.employerId }, raw.userId));
      started = performance.now();
      for (const row of rows) rawInsert(row);
      rawRates.push(PER_ROUND / ((performance.now() - started) / 1000));
    }
  } finally {
    service.dispose();
    raw.dispose();
  }
  const serviceOps = median(serviceRates);
  const rawOps = median(rawRates);
  return { serviceOps, rawOps, ratio: serviceOps / rawOps };
}

function toRawRow(body: Record<string, unknown>, userId: string): Record<string, unknown> {
  const row: Record<string, unknown> = { from_plan: null, from_action: null, id: randomUUID(), at: new Date().toISOString(), by: userId };
  for (const [key, value] of Object.entries(body)) row[key] = typeof value === 'boolean' ? Number(value) : value;
  for (const name of Object.keys(planKinds.medical.fields)) row[name] ??= null;
  return row;
}
