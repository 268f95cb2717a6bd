// The real carrier SBCs the reader is checked against live outside the repository, in ../shared/sbc
// beside the clone (CI has them there too), with truth.json: the values a person read from each.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SbcReading } from '../../shared/sbc.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SBC_DIR = join(REPO_ROOT, '..', 'shared', 'sbc');

interface Labelled {
  value: unknown;
}

export interface SbcTruth {
  file: string;
  carrier: Labelled;
  period: { start: string | null; end: string | null };
  type: Labelled;
  fields: Record<string, Labelled>;
  ded_apply: Record<string, Labelled>;
}

/** The labelled samples; throws (failing the suite) when the folder is missing rather than skipping. */
export function loadSbcSamples(): SbcTruth[] {
  const truthFile = join(SBC_DIR, 'truth.json');
  if (!existsSync(truthFile)) {
    throw new Error(`the SBC samples are missing: expected ${truthFile} (the ../shared/sbc folder beside the repository)`);
  }
  return JSON.parse(readFileSync(truthFile, 'utf8')) as SbcTruth[];
}

export const sampleBytes = (file: string): Uint8Array => new Uint8Array(readFileSync(join(SBC_DIR, file)));

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
  return Object.entries(expectedFields(truth)).map(([field, expected]) => {
    const read = reading.plan[field] ?? null;
    return { field, expected, read, right: read === expected };
  });
}
