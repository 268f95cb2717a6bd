// A random plan design and the values a careful reader takes from its SBC: the truth the synthetic
// corpus is checked against. Wording lives in wording.ts; this file only decides the numbers.
import type { Random } from './random.js';
import type { ServiceKey } from './template-text.js';

export interface Pair {
  single: number;
  family: number;
}

/** How one service row charges in-network, with the values it states. */
export interface ServiceCost {
  copay?: number;
  percent?: number;
  /** "deductible does not apply" printed in the cell. */
  waived?: boolean;
  /** "after deductible" printed in the cell. */
  afterDeductible?: boolean;
  /** The percentage printed before the copay: "0% after $25 copay". */
  percentFirst?: boolean;
}

export interface PlanDesign {
  carrier: string;
  planName: string;
  type: 'PPO' | 'HMO' | 'EPO' | 'POS';
  start: [number, number, number];
  deductible: { in: Pair; out?: Pair };
  limit: { in: Pair; out?: Pair };
  coinsurance: { in: number; out?: number };
  services: Record<ServiceKey, ServiceCost>;
  /** Services page 1 says are covered before the deductible (2017+ editions). */
  beforeDeductible: ServiceKey[];
  /** Services the deductible answer says it does not apply to ("Does not apply to office visits..."). */
  exempt: ServiceKey[];
  /** The diagnostic test row prints separate lab and x-ray copays: the x-ray's. */
  xrayCopay?: number;
}

const CARRIERS = ['Acme Health Plan', 'Northwind Health', 'Blue Heron Insurance Company', 'Summit Care Inc.', 'Riverside Health Plans'];
const PRODUCTS = ['Silver Choice', 'Gold Select', 'Bronze Value', 'Platinum Access', 'Open Choice'];

const pair = (single: number): Pair => ({ single, family: single * 2 });

export function randomDesign(random: Random, options: { zeroDeductible?: boolean; outOfNetwork?: boolean } = {}): PlanDesign {
  const type = random.pick(['PPO', 'HMO', 'EPO', 'POS'] as const);
  const outCovered = options.outOfNetwork ?? (type === 'PPO' || type === 'POS' ? random.chance(0.85) : false);
  const deductible = options.zeroDeductible ? 0 : random.pick([250, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000]);
  const limit = Math.max(deductible + 1000, random.pick([2500, 3000, 4000, 5000, 6000, 7000, 8150]));
  const inCoin = random.pick([0, 10, 20, 20, 30]);
  const outCoin = random.pick([40, 50]);
  const copay = (choices: number[]): ServiceCost => ({ copay: random.pick(choices), waived: random.chance(0.4) });
  const coinsurance = (): ServiceCost => ({ percent: inCoin, afterDeductible: random.chance(0.3) });
  const either = (choices: number[]): ServiceCost => (random.chance(0.5) ? copay(choices) : coinsurance());
  const services: Record<ServiceKey, ServiceCost> = {
    pcp: copay([10, 15, 20, 25, 30, 35]),
    sp: copay([30, 40, 50, 60, 75]),
    lx: either([10, 20, 40]),
    op: either([100, 150, 250, 300]),
    er: random.chance(0.3) ? { copay: random.pick([150, 250, 300, 350, 500]), percent: inCoin } : copay([150, 250, 300, 350, 500]),
    uc: copay([35, 50, 75, 85, 100]),
    ip: either([250, 500, 750, 1000]),
    rx1: copay([5, 10, 15, 20]),
    rx2: copay([30, 35, 40, 45, 50]),
    rx3: copay([60, 65, 70, 75]),
    rx4: random.chance(0.5) ? { percent: random.pick([20, 25, 30]) } : copay([100, 150, 200, 250]),
  };
  const start = random.pick([1, 4, 7, 10]);
  return {
    carrier: random.pick(CARRIERS),
    planName: `${random.pick(PRODUCTS)} ${type} ${deductible}`,
    type,
    start: [start, 1, random.pick([2014, 2018, 2022, 2024, 2025])],
    deductible: { in: pair(deductible), ...(outCovered ? { out: pair(deductible * 2 || 500) } : {}) },
    limit: { in: pair(limit), ...(outCovered ? { out: pair(limit * 2) } : {}) },
    coinsurance: { in: inCoin, ...(outCovered ? { out: outCoin } : {}) },
    services,
    beforeDeductible: random.chance(0.4) ? ['pcp', 'uc', 'rx1'] : [],
    exempt: deductible > 0 && random.chance(0.25) ? ['pcp', 'sp', 'uc', 'rx1'] : [],
    ...(services.lx.copay !== undefined && random.chance(0.4) ? { xrayCopay: services.lx.copay + 25 } : {}),
  };
}

const DRUGS: ServiceKey[] = ['rx1', 'rx2', 'rx3', 'rx4'];

/** The deductible flag a careful reader gives a row (explicit wording, then $0, then page 1's list, else implied). */
function dedApply(design: PlanDesign, key: ServiceKey, cost: ServiceCost, edition: number): string {
  const coin = cost.percent !== undefined;
  const value = (applies: boolean): string => (applies ? (coin ? 'TRUE_COIN' : 'TRUE') : coin ? 'FALSE_COIN' : 'FALSE');
  if (cost.waived) return value(false);
  if (cost.afterDeductible) return value(true);
  if (design.deductible.in.single === 0) return value(false);
  if (edition > 2013 && design.beforeDeductible.includes(key)) return value(false);
  if (design.exempt.includes(key)) return value(false);
  return value(true);
}

/** Every field the SBC states, as the plan's fields: null where the reader must leave it empty. */
export function expectedFields(design: PlanDesign, edition: number, options: { familyStated?: boolean } = {}): Record<string, unknown> {
  const familyStated = options.familyStated ?? true;
  const [month, day, year] = design.start;
  const iso = (y: number, m: number, d: number): string => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const end = new Date(Date.UTC(year, month - 1 + 12, day - 1));
  const expected: Record<string, unknown> = {
    carrier: design.carrier,
    type: design.type,
    start_date: iso(year, month, day),
    end_date: iso(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate()),
  };
  const pairFields = (prefix: string, amounts: Pair | undefined): void => {
    expected[`${prefix}_single`] = amounts?.single ?? null;
    expected[`${prefix}_family`] = familyStated ? (amounts?.family ?? null) : null;
  };
  pairFields('in_ded', design.deductible.in);
  pairFields('out_ded', design.deductible.out);
  pairFields('in_max', design.limit.in);
  pairFields('out_max', design.limit.out);
  expected.in_coin = design.coinsurance.in;
  expected.out_coin = design.coinsurance.out ?? null;
  expected.rx_ded_single = null;
  expected.rx_ded_family = null;
  for (const [key, cost] of Object.entries(design.services) as [ServiceKey, ServiceCost][]) {
    expected[`${key}_copay`] = cost.copay ?? null;
    if (!['rx3', 'rx4'].includes(key)) expected[`${key}_ded_apply`] = dedApply(design, key, cost, edition);
  }
  expected.rx_coin = DRUGS.map((key) => design.services[key].percent).find((percent) => percent !== undefined) ?? null;
  return expected;
}
