import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { SbcReading } from '../../shared/sbc.js';
import { readSbc } from '../import/sbc/read-sbc.js';
import { parseOrUsage, UsageError, writeLine } from './args.js';

const COMMAND = 'import sbc';

export const importSbcHelp = `Usage: plandesk import sbc FILE.pdf [--json]

Reads a Summary of Benefits and Coverage (the federal SBC template, 2013-2020 and 2021+ editions)
into the fields of a medical plan: deductibles, out-of-pocket limits, coinsurance, copays, the Rx
tiers, each *_ded_apply, plan type, coverage period and carrier. Only what the document states
plainly is read; nothing is guessed and nothing is written.

  --json   print {"plan": {FIELD: VALUE}, "sources": {FIELD: {"page": N, "text": TEXT}},
                  "missing": [FIELD], "warnings": [TEXT]}

Exit 1 with the reason for a PDF without a text layer (a scan), one protected by a password, or
one that is not an SBC.
`;

/** The reading for a person: each field with where it was read, then what is left to enter. */
function formatSbcReading(reading: SbcReading): string {
  const width = Math.max(...Object.keys(reading.plan).map((field) => field.length), 5);
  const lines = ['Read from the SBC (field, value, page: sentence):'];
  for (const [field, value] of Object.entries(reading.plan)) {
    const source = reading.sources[field];
    lines.push(`  ${field.padEnd(width)}  ${String(value).padEnd(10)}  p.${source?.page ?? '?'}: ${source?.text ?? ''}`);
  }
  if (reading.warnings.length > 0) lines.push('', 'Warnings:', ...reading.warnings.map((warning) => `  - ${warning}`));
  lines.push('', `Still to enter (${reading.missing.length}): ${reading.missing.join(', ')}`);
  return lines.join('\n');
}

export async function runImportSbc(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError(COMMAND, 'missing FILE.pdf');
  if (extra.length > 0) throw new UsageError(COMMAND, `unexpected argument "${extra[0]}"`);
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  const reading = await readSbc(new Uint8Array(bytes));
  await writeLine(values.json ? JSON.stringify(reading) : formatSbcReading(reading));
  return 0;
}
