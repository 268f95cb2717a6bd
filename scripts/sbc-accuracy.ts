// Prints the SBC reader's precision and recall: per failure class on the synthetic corpus
// (tests/sbc/synthetic), and per file on the labelled real SBCs in ../shared/sbc and ../shared/sbc-2021.
// `--cases N` sets how many synthetic SBCs each class gets (default 40); `--fields` lists every
// wrong or missed value of the real files.
import { basename } from 'node:path';
import { readSbc } from '../main/import/sbc/read-sbc.js';
import { CLASSES, syntheticCase } from '../tests/sbc/synthetic/corpus.js';
import {
  addScores,
  checkFields,
  compareFields,
  loadSbcSamples,
  precision,
  recall,
  sampleBytes,
  SAMPLE_DIRS,
  samplesMissing,
  scoreOf,
  type FieldCheck,
  type Score,
} from '../tests/support/sbc-samples.js';

const args = process.argv.slice(2);
const cases = Number(args[args.indexOf('--cases') + 1] ?? 40) || 40;
const listFields = args.includes('--fields');

const figures = (score: Score): string =>
  `${String(score.found).padStart(4)}/${String(score.stated).padEnd(4)} recall ${recall(score).toFixed(2)}  precision ${precision(score).toFixed(2)}  wrong ${score.wrong}`;

async function synthetic(): Promise<void> {
  console.log(`Synthetic SBCs, ${cases} per class (values found/stated)`);
  const all: Score[] = [];
  for (const cls of CLASSES) {
    const scores: Score[] = [];
    let refused = 0;
    for (let seed = 1; seed <= cases; seed++) {
      const made = await syntheticCase(cls, seed);
      try {
        scores.push(scoreOf(compareFields(made.expected, await readSbc(made.bytes))));
      } catch {
        refused++;
        scores.push(scoreOf(compareFields(made.expected, { plan: {}, sources: {}, missing: [], warnings: [] })));
      }
    }
    const total = addScores(scores);
    all.push(total);
    console.log(`  ${cls.padEnd(20)}${figures(total)}${refused ? `  refused ${refused}` : ''}`);
  }
  console.log(`  ${'all'.padEnd(20)}${figures(addScores(all))}`);
}

async function real(): Promise<void> {
  const missing = samplesMissing();
  if (missing) {
    console.log(`\nReal SBCs: skipped, ${missing}`);
    return;
  }
  for (const dir of SAMPLE_DIRS) {
    console.log(`\nReal SBCs in ../shared/${basename(dir)} (values found/stated)`);
    const scores: Score[] = [];
    const wrong: string[] = [];
    for (const truth of loadSbcSamples(dir)) {
      const checks: FieldCheck[] = checkFields(truth, await readSbc(sampleBytes(truth.file, dir)));
      const score = scoreOf(checks);
      scores.push(score);
      console.log(`  ${truth.file.padEnd(20)}${figures(score)}`);
      for (const check of checks.filter((c) => !c.right))
        wrong.push(`    ${truth.file} ${check.field}: expected ${JSON.stringify(check.expected)}, read ${JSON.stringify(check.read)}`);
    }
    console.log(`  ${'all'.padEnd(20)}${figures(addScores(scores))}`);
    if (listFields) for (const line of wrong) console.log(line);
  }
}

synthetic()
  .then(real)
  .catch((error: unknown) => {
    console.error('npm run sbc:accuracy failed:', error);
    process.exitCode = 1;
  });
