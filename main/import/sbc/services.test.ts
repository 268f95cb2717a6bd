import { describe, expect, it } from 'vitest';
import { Reading } from './reading.js';
import { readServices } from './services.js';
import type { TableRow } from './tables.js';

const row = (label: string, inCost: string, outCost = '40% coinsurance'): TableRow => ({
  page: 2,
  label,
  cells: { in: inCost, out: outCost, limits: '' },
  lines: {},
});

const rowsCharging = (inCost: string): TableRow[] => [
  row('Primary care visit to treat an injury or illness', '$25 copay/visit'),
  row('Diagnostic test (x-ray, blood work)', inCost),
  row('Imaging (CT/PET scans, MRIs)', inCost),
  row('Facility fee (e.g., hospital room)', inCost),
];

describe('the coinsurance from the services table', () => {
  it("reads the member's percentage as the coinsurance", () => {
    const reading = new Reading();
    readServices(rowsCharging('20% coinsurance'), { deductible: 500 }, reading);
    expect(reading.plan).toMatchObject({ in_coin: 20, out_coin: 40 });
  });

  it("leaves it empty where the cells give the plan's share, and says to enter it", () => {
    const reading = new Reading();
    readServices(rowsCharging('Plan pays 80% after deductible'), { deductible: 500 }, reading);
    expect(reading.plan).not.toHaveProperty('in_coin');
    expect(reading.warnings).toContain(`The services table gives the plan's share ("Plan pays 80% after deductible"), not the coinsurance: enter it.`);
  });
});
