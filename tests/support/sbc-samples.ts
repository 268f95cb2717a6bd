// The real carrier SBCs the reader is checked against live outside the repository, in ../shared/sbc
// (2013-2015 edition) and ../shared/sbc-2021 (2021 edition) beside the clone, each with truth.json:
// the values a person read from each file. Plain functions, no test runner: `npm run sbc:accuracy`
// loads this file too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SbcReading } from '../../shared/sbc.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SBC_DIR = join(REPO_ROOT, '..', 'shared', 'sbc');
const SBC_2021_DIR = join(REPO_ROOT, '..', 'shared', 'sbc-2021');
/** Every folder of labelled real SBCs, oldest template edition first. */
export const SAMPLE_DIRS = [SBC_DIR, SBC_2021_DIR];

interface Labelled {
  value: unknown;
}

export interface SbcTruth {
  file: string;
  /** The folder the file is in (set by the loader). */
  dir: string;
  carrier: Labelled;
  period: { start: string | null; end: string | null };
  type: Labelled;
  fields: Record<string, Labelled>;
  ded_apply: Record<string, Labelled>;
}

/** Why the real samples cannot be used (a folder or its truth.json is missing), or undefined. */
export function samplesMissing(): string | undefined {
  const absent = SAMPLE_DIRS.map((dir) => join(dir, 'truth.json')).filter((file) => !existsSync(file));
  return absent.length === 0 ? undefined : `the labelled SBC samples are missing: expected ${absent.join(' and ')} (folders beside the repository)`;
}

/** The labelled samples of one folder; throws when the folder is missing. */
export function loadSbcSamples(dir = SBC_DIR): SbcTruth[] {
  const truthFile = join(dir, 'truth.json');
  if (!existsSync(truthFile)) {
    throw new Error(`the SBC samples are missing: expected ${truthFile} (a folder beside the repository)`);
  }
  return (JSON.parse(readFileSync(truthFile, 'utf8')) as Omit<SbcTruth, 'dir'>[]).map((truth) => ({ ...truth, dir }));
}

/** The labelled samples of every folder. */
export const loadAllSbcSamples = (): SbcTruth[] => SAMPLE_DIRS.flatMap((dir) => loadSbcSamples(dir));

export const sampleBytes = (file: string, dir = SBC_DIR): Uint8Array => new Uint8Array(readFileSync(join(dir, file)));

const isoDate = (us: string | null): string | null => {
  if (us === null) return null;
  const [month, day, year] = us.split('/');
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
};

/** Every labelled value of one sample as plan fields: null where the reader must leave the field empty. */
function expectedFields(truth: SbcTruth): Record<string, unknown> {
  const expected: Record<string, unknown> = {
    carrier: truth.carrier.value,
    type: truth.type.value,
    start_date: isoDate(truth.period.start),
    end_date: isoDate(truth.period.end),
  };
  for (const [field, labelled] of Object.entries(truth.fields)) expected[field] = labelled.value;
  for (const [service, labelled] of Object.entries(truth.ded_apply)) expected[`${service}_ded_apply`] = labelled.value;
  return expected;
}

export interface FieldCheck {
  field: string;
  expected: unknown;
  read: unknown;
  right: boolean;
}

/** Compares a reading with the labelled values field by field (an empty field reads as null). */
export function checkFields(truth: SbcTruth, reading: SbcReading): FieldCheck[] {
  return compareFields(expectedFields(truth), reading);
}

/** Compares a reading with expected values (null: the field must stay empty). */
export function compareFields(expected: Record<string, unknown>, reading: SbcReading): FieldCheck[] {
  return Object.entries(expected).map(([field, value]) => {
    const read = reading.plan[field] ?? null;
    return { field, expected: value, read, right: read === value };
  });
}

/** Precision and recall of a set of checks: values read right among values read, and among values stated. */
export interface Score {
  found: number;
  wrong: number;
  stated: number;
}

export function scoreOf(checks: FieldCheck[]): Score {
  return {
    found: checks.filter((check) => check.right && check.expected !== null).length,
    wrong: checks.filter((check) => !check.right && check.read !== null).length,
    stated: checks.filter((check) => check.expected !== null).length,
  };
}

export const addScores = (scores: Score[]): Score =>
  scores.reduce((sum, score) => ({ found: sum.found + score.found, wrong: sum.wrong + score.wrong, stated: sum.stated + score.stated }), {
    found: 0,
    wrong: 0,
    stated: 0,
  });

export const precision = (score: Score): number => (score.found + score.wrong === 0 ? 1 : score.found / (score.found + score.wrong));
export const recall = (score: Score): number => (score.stated === 0 ? 1 : score.found / score.stated);
