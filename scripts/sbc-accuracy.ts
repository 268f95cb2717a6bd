// Prints the SBC reader's field-by-field accuracy on the labelled samples in ../shared/sbc.
import { readSbc } from '../main/import/sbc/read-sbc.js';
import { checkFields, loadSbcSamples, sampleBytes, type FieldCheck } from '../tests/support/sbc-samples.js';

async function readAll(): Promise<Map<string, FieldCheck[]>> {
  const checks = new Map<string, FieldCheck[]>();
  for (const truth of loadSbcSamples()) checks.set(truth.file, checkFields(truth, await readSbc(sampleBytes(truth.file))));
  return checks;
}

function print(checks: Map<string, FieldCheck[]>): void {
  const fields = [...new Set([...checks.values()].flatMap((list) => list.map((check) => check.field)))];
  const files = [...checks.keys()];
  const pad = (text: string, width: number): string => text.padEnd(width);
  console.log(`${pad('field', 18)}${files.map((file) => pad(file.replace(/\.pdf$/, ''), 10)).join('')}right`);
  let right = 0;
  let total = 0;
  for (const field of fields) {
    const row = files.map((file) => checks.get(file)!.find((check) => check.field === field));
    const marks = row.map((check) => (check ? (check.right ? 'ok' : `✗ ${String(check.read)}`) : '-'));
    const fieldRight = row.filter((check) => check?.right).length;
    const fieldTotal = row.filter(Boolean).length;
    right += fieldRight;
    total += fieldTotal;
    console.log(`${pad(field, 18)}${marks.map((mark) => pad(mark, 10)).join('')}${fieldRight}/${fieldTotal}`);
  }
  console.log(`\n${right}/${total} labelled values right (${((100 * right) / total).toFixed(1)}%)`);
  for (const [file, list] of checks) {
    for (const check of list.filter((c) => !c.right))
      console.log(`${file} ${check.field}: expected ${JSON.stringify(check.expected)}, read ${JSON.stringify(check.read)}`);
  }
}

void readAll().then(print);
