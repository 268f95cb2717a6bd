// Property-based fuzzing of every route of shared/routes.ts over real HTTP on a real SQLite file.
// Whatever the path parameters, method, credentials and body, the service must:
//   - never answer 5xx;
//   - answer JSON (Content-Type application/json, a body that parses) to everything but a 204;
//   - write nothing when it answers >= 400 (a digest of every table is unchanged).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokenFor } from '../../main/service/accounts.js';
import { sql } from '../../main/store/database.js';
import { BENEFITS, type Benefit } from '../../shared/plans/benefits.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { routes, type Route } from '../../shared/routes.js';
import { benefitChoice, bodySpec, paramChoice, type BodySpec, type Mutation, type ParamChoice } from '../support/fuzz-arbitraries.js';
import { startApi, unique, type Account, type ApiHarness, type ApiResponseOf } from '../support/api-server.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

let h: ApiHarness;
let other: Account;
let regular: { id: string; token: string } | undefined;

beforeAll(async () => {
  h = await startApi();
  other = await h.bootstrapAccount();
  await ensureSeed();
});
afterAll(() => h.close());

// ---------------------------------------------------------------------------------------------
// Live ids, read from the database at the moment of each request (earlier runs create and delete),
// oldest first (ids are UUIDv7: time-ordered, and the same order on either store).

const live = {
  employers: async () => (await sql(h.db, 'SELECT id FROM employers ORDER BY id').pluck().all()) as string[],
  plans: async () => (await sql(h.db, 'SELECT id, benefit FROM plans ORDER BY id').all()) as { id: string; benefit: Benefit }[],
  users: async () => (await sql(h.db, 'SELECT id FROM users ORDER BY id').pluck().all()) as string[],
  emails: async () => (await sql(h.db, 'SELECT email FROM users ORDER BY id').pluck().all()) as string[],
  divisions: async () => (await sql(h.db, 'SELECT id FROM divisions ORDER BY id').pluck().all()) as string[],
  filters: async () => (await sql(h.db, 'SELECT id FROM filters ORDER BY id').pluck().all()) as string[],
  adminDivisions: async () => (await sql(h.db, 'SELECT id FROM divisions WHERE account_id = ? ORDER BY id').pluck().all(h.admin.account)) as string[],
  adminEmployers: async () => (await sql(h.db, 'SELECT id FROM employers WHERE account_id = ? ORDER BY id').pluck().all(h.admin.account)) as string[],
};

type Live = { [K in keyof typeof live]: Awaited<ReturnType<(typeof live)[K]>> };

/** Every list of live ids, read just before a request is made up. */
async function liveNow(): Promise<Live> {
  return {
    employers: await live.employers(),
    plans: await live.plans(),
    users: await live.users(),
    emails: await live.emails(),
    divisions: await live.divisions(),
    filters: await live.filters(),
    adminDivisions: await live.adminDivisions(),
    adminEmployers: await live.adminEmployers(),
  };
}

const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

/** Keeps enough records around for the runs to hit real ones: employers, a plan of every kind, a regular user. */
async function ensureSeed(): Promise<void> {
  let divisions = await live.adminDivisions();
  if (divisions.length === 0) {
    await ok(h.request('POST', '/divisions/', { name: unique('Seed division '), users: [], employer_ids: [] }));
    divisions = await live.adminDivisions();
  }
  while ((await live.adminEmployers()).length < 3) {
    await h.createEmployer({ division: divisions[0] });
  }
  const present = new Set((await live.plans()).map((plan) => plan.benefit));
  for (const benefit of BENEFITS) {
    if (!present.has(benefit)) await h.createPlan(benefit, (await live.adminEmployers())[0]!);
  }
  const regularExists = regular && (await sql(h.db, 'SELECT 1 FROM tokens WHERE user_id = ?').get(regular.id)) !== undefined;
  if (!regularExists) {
    const user = await h.createRegularUser({ division: divisions[0] });
    regular = { id: user.id, token: user.token };
  }
  if ((await sql(h.db, 'SELECT 1 FROM tokens WHERE user_id = ?').get(other.user)) === undefined) {
    other = { ...other, token: await issueTokenFor(h.context, other.email) };
  }
}

async function ok(pending: Promise<ApiResponseOf>): Promise<ApiResponseOf> {
  const response = await pending;
  if (response.status !== 200) throw new Error(`seeding failed: ${response.status} ${response.text}`);
  return response;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries.

type Who = 'admin' | 'regular' | 'other' | 'none' | 'garbage';

interface Case {
  /** An Idempotency-Key from a small pool, so that keys get reused. */
  idempotencyKey: number | null;
  route: number;
  method: string | null;
  params: ParamChoice[];
  benefit: string;
  who: Who;
  body: BodySpec;
}

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  idempotencyKey: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat({ max: 7 }) }),
  route: fc.nat({ max: routes.length - 1 }),
  method: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
  params: fc.array(paramChoice, { minLength: 2, maxLength: 2 }),
  benefit: benefitChoice,
  who: fc.oneof(
    { weight: 12, arbitrary: fc.constant<Who>('admin') },
    { weight: 5, arbitrary: fc.constant<Who>('regular') },
    { weight: 1, arbitrary: fc.constant<Who>('other') },
    { weight: 1, arbitrary: fc.constant<Who>('none') },
    { weight: 1, arbitrary: fc.constant<Who>('garbage') },
  ),
  body: fc.oneof({ weight: 40, arbitrary: bodySpec }, { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'oversize' }) }),
});

// ---------------------------------------------------------------------------------------------
// Turning a case into a request.

function fillPath(route: Route, c: Case, ids: Live): { path: string; benefit: Benefit | undefined } {
  let planBenefit: Benefit | undefined;
  let paramIndex = 0;
  const next = () => c.params[paramIndex++ % c.params.length]!;
  const real = (choice: ParamChoice, list: string[]): string =>
    choice.source === 'real' ? (pick(list, choice.index) ?? '00000000-0000-4000-8000-000000000000') : choice.value;
  let path = route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    if (name === 'benefit') return '{benefit}';
    const choice = next();
    switch (name) {
      case 'employerID':
        return real(choice, ids.employers);
      case 'userID':
        return real(choice, ids.users);
      case 'divisionID':
        return real(choice, ids.divisions);
      case 'email':
        return choice.source === 'real' ? encodeURIComponent(pick(ids.emails, choice.index) ?? 'nobody@example.com') : choice.value;
      case 'planID': {
        if (choice.source !== 'real') return choice.value;
        const plan = pick(ids.plans, choice.index);
        planBenefit = plan?.benefit;
        return plan?.id ?? '00000000-0000-4000-8000-000000000000';
      }
      default:
        return choice.source === 'real' ? 'x' : choice.value;
    }
  });
  let benefit: Benefit | undefined;
  if (path.includes('{benefit}')) {
    const segment = c.benefit === 'matching' ? (planBenefit ?? BENEFITS[c.params.length % BENEFITS.length]!) : c.benefit;
    benefit = (BENEFITS as readonly string[]).includes(segment) ? (segment as Benefit) : undefined;
    path = path.replace('{benefit}', segment);
  }
  return { path, benefit };
}

function validBodyFor(route: Route, benefit: Benefit | undefined, withPrior: boolean, seed: number, ids: Live): Record<string, unknown> {
  const divisions = ids.adminDivisions;
  const employers = ids.employers;
  const family = route.operation.split('.')[0];
  if (route.operation === 'divisions.addUser' || route.operation === 'divisions.removeUser') {
    return { email: pick(ids.emails, seed) ?? 'nobody@example.com' };
  }
  switch (family) {
    case 'employers': {
      const name = unique('Fuzz ');
      return validEmployerBody(pick(divisions, seed) ?? h.admin.division, {
        name,
        url: `https://${name.replace(/ /g, '-').toLowerCase()}.example.com`,
        other_filters: ids.filters.slice(0, seed % 3),
      });
    }
    case 'plans': {
      const kind = benefit ?? BENEFITS[seed % BENEFITS.length]!;
      const prior = withPrior ? ids.plans.find((plan) => plan.benefit === kind) : undefined;
      return validPlanBody(kind, {
        employer: pick(employers, seed) ?? '00000000-0000-4000-8000-000000000000',
        title: unique(`Fuzz ${kind} `),
        from_plan: prior?.id,
        from_action: prior ? 'RENEWED' : undefined,
        ...(prior ? { start_date: '2026-01-01', end_date: '2026-12-31' } : {}),
      });
    }
    case 'users':
      return { email: `${unique('fuzz')}@fuzz.example.com`, first_name: 'Fuzz', last_name: 'User', division_ids: divisions.slice(0, 1 + (seed % 2)) };
    case 'divisions':
      return { name: unique('Fuzz division '), users: ids.emails.slice(0, seed % 2), employer_ids: employers.slice(0, seed % 2) };
    default:
      return {};
  }
}

function applyMutations(body: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const result: Record<string, unknown> = { ...body };
  for (const m of mutations) {
    const keys = Object.keys(result);
    if (m.op === 'add') {
      Object.defineProperty(result, m.name, { value: m.value, enumerable: true, configurable: true, writable: true });
    } else if (keys.length > 0) {
      const key = keys[m.key % keys.length]!;
      if (m.op === 'remove') delete result[key];
      else result[key] = m.value;
    }
  }
  return result;
}

function bodyText(route: Route, benefit: Benefit | undefined, spec: BodySpec, seed: number, ids: Live): string | undefined {
  switch (spec.kind) {
    case 'none':
      return undefined;
    case 'json':
      return JSON.stringify(spec.value);
    case 'raw':
      return spec.text;
    case 'oversize':
      return JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) });
    case 'valid':
      return JSON.stringify(applyMutations(validBodyFor(route, benefit, spec.withPrior, seed, ids), spec.mutations));
    case 'deep': {
      const body = validBodyFor(route, benefit, false, seed, ids);
      const keys = Object.keys(body);
      const field = keys.length > 0 ? keys[spec.field % keys.length]! : 'name';
      const closer = spec.opener === '[' ? ']' : '}';
      const nested = `${spec.opener.repeat(spec.depth)}1${closer.repeat(spec.depth)}`;
      return JSON.stringify({ ...body, [field]: '__DEEP__' }).replace('"__DEEP__"', nested);
    }
  }
}

function authorization(who: Who): string | undefined {
  switch (who) {
    case 'admin':
      return `Token ${h.admin.token}`;
    case 'regular':
      return `Token ${regular!.token}`;
    case 'other':
      return `Token ${other.token}`;
    case 'garbage':
      return 'Token 0123456789abcdef0123456789abcdef01234567';
    case 'none':
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  it('never answers 5xx, always answers JSON, and never writes on an error', async () => {
    const seen = new Map<number, number>();
    const stats = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        await ensureSeed();
        const route = routes[c.route]!;
        const ids = await liveNow();
        const { path, benefit } = fillPath(route, c, ids);
        const method = c.method ?? route.method;
        const seed = c.params[0]?.source === 'real' ? c.params[0].index : 0;
        const text = bodyText(route, benefit, c.body, seed, ids);
        const auth = authorization(c.who);
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          ...(auth ? { authorization: auth } : {}),
          ...(c.idempotencyKey !== null ? { 'idempotency-key': `fuzz-key-${c.idempotencyKey}` } : {}),
        };
        // With an Idempotency-Key the server keeps the answer, refusals included, to replay it: by
        // design that bookkeeping is written whatever the status, so it is left out of the digest.
        const exclude = c.idempotencyKey !== null ? ['idempotency_keys'] : [];

        const before = await h.digest(exclude);
        const response = await h.raw({ method, path, headers, ...(text !== undefined ? { body: text } : {}) });
        const after = await h.digest(exclude);
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        if (process.env.FUZZ_STATS) {
          const key = `${method} ${route.operation} ${response.status}`;
          stats.set(key, (stats.get(key) ?? 0) + 1);
        }

        const what = `${method} ${path} as ${c.who}${c.idempotencyKey !== null ? ` (Idempotency-Key ${c.idempotencyKey})` : ''} with ${text === undefined ? 'no body' : `${text.length} chars: ${text.slice(0, 300)}`}\n→ ${response.status} ${response.text.slice(0, 300)}`;
        expect(response.status, what).toBeLessThan(500);
        if (response.status === 204) {
          expect(response.text, what).toBe('');
        } else {
          expect(response.headers['content-type'], what).toMatch(/^application\/json/);
          expect(() => JSON.parse(response.text), what).not.toThrow();
        }
        if (response.status >= 400) expect(after, `${what}\nanswered ${response.status} but wrote to the database`).toBe(before);
      }),
      { numRuns: NUM_RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
    );
    if (process.env.FUZZ_STATS)
      console.log(
        [...stats]
          .sort()
          .map(([key, count]) => `${key}: ${count}`)
          .join('\n'),
      );
    // The runs reached past validation too: some requests succeeded and some were refused.
    const statuses = [...seen.keys()];
    expect(
      statuses.some((s) => s === 200 || s === 204),
      JSON.stringify([...seen]),
    ).toBe(true);
    expect(statuses.some((s) => s === 400)).toBe(true);
  }, 60_000);
});
