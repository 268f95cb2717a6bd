// The values the route fuzzing (tests/api/fuzz.test.ts) draws: path parameters real, random or
// garbage; odd field values of every JSON type; mutations of a valid body; whole bodies of every shape.
import fc from 'fast-check';
import { BENEFITS } from '../../shared/plans/benefits.js';

export type ParamChoice = { source: 'real'; index: number } | { source: 'uuid'; value: string } | { source: 'garbage'; value: string };

const garbageSegment = fc.oneof(
  fc.string({ minLength: 0, maxLength: 20 }).map((text) => encodeURIComponent(text)),
  fc.constantFrom('%', '%zz', '..', '.', '%2F', '%00', 'null', 'undefined', '-1', '0', 'ALL', '%E0%A4%A', 'medical', '%20'),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}x`),
);

export const paramChoice: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((index) => ({ source: 'real' as const, index })) },
  { weight: 2, arbitrary: fc.uuid().map((value) => ({ source: 'uuid' as const, value })) },
  { weight: 1, arbitrary: garbageSegment.map((value) => ({ source: 'garbage' as const, value })) },
);

export const benefitChoice = fc.oneof(
  { weight: 4, arbitrary: fc.constant<'matching'>('matching') },
  { weight: 3, arbitrary: fc.constantFrom(...BENEFITS) },
  { weight: 1, arbitrary: garbageSegment },
);

const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 4,
});

/** Values to put in a field: every JSON type, edge numbers, odd strings, big strings, nesting. */
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: loneSurrogates },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\t\n',
      '0',
      '-1',
      '1e3',
      'null',
      'true',
      'TRUE',
      'RENEWED',
      'PPO',
      'FUNDING_SELF',
      'CA',
      'DC',
      '332710',
      'https://x.example.com',
      'a@b.co',
      '2025-02-29',
      '2025-12-31',
      '9999-12-31',
      '0000-01-01',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(0, -0, 1, -1, 100, 101, 2147483647, 2147483648, -2147483649, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e308, 1.5, 0.1) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.array(fc.uuid(), { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom('CA', 'NY', 'DC', 'ca', 'PR', '332710', '12345'), { maxLength: 7 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 120_000 }).map((n) => 'é'.repeat(n)) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
);

export type Mutation = { op: 'remove'; key: number } | { op: 'set'; key: number; value: unknown } | { op: 'add'; name: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((key) => ({ op: 'remove' as const, key })),
  { weight: 3, arbitrary: fc.record({ key: fc.nat(), value: weirdValue }).map((m) => ({ op: 'set' as const, ...m })) },
  fc
    .record({
      name: fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('id', 'account', 'plans', 'plans_expired', 'status', 'created_by', 'username', '__proto__', 'constructor'),
      ),
      value: weirdValue,
    })
    .map((m) => ({ op: 'add' as const, ...m })),
);

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'valid'; mutations: Mutation[]; withPrior: boolean }
  | { kind: 'raw'; text: string }
  | { kind: 'deep'; field: number; depth: number; opener: '[' | '{"a":' }
  | { kind: 'oversize' };

export const bodySpec: fc.Arbitrary<BodySpec> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): BodySpec => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 3 }).map((value): BodySpec => ({ kind: 'json', value })) },
  {
    weight: 8,
    arbitrary: fc.record({ mutations: fc.array(mutation, { maxLength: 4 }), withPrior: fc.boolean() }).map((m): BodySpec => ({ kind: 'valid', ...m })),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":1,}', '[1,2', 'nul', '\u0000', '{"name":"\\ud800"}', '{"a":1}{"b":2}', '\uFEFF{}'))
      .map((text): BodySpec => ({ kind: 'raw', text })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ field: fc.nat(), depth: fc.integer({ min: 100, max: 60_000 }), opener: fc.constantFrom<'[' | '{"a":'>('[', '{"a":') })
      .map((d): BodySpec => ({ kind: 'deep', ...d })),
  },
);
