// The SBC reader on SBCs it has never seen: a synthetic corpus (tests/sbc/synthetic) crossing the
// template's editions with the layouts and phrasings real carriers use, each failure class a
// reader must survive in its own group, every SBC with the values a careful reader takes from it.
import { describe, expect, it } from 'vitest';
import { readSbc } from '../../main/import/sbc/read-sbc.js';
import { addScores, compareFields, recall, scoreOf, type Score } from '../support/sbc-samples.js';
import { CLASSES, syntheticCase } from './synthetic/corpus.js';

/** SBCs per class: 10 classes × 30 = 300 random combinations, made again identically from their seeds. */
const CASES = 30;
const MIN_RECALL = 0.95;

describe.each(CLASSES)('synthetic SBCs: %s', (cls) => {
  it(`reads no value wrong and at least ${MIN_RECALL * 100}% of the stated values`, async () => {
    const scores: Score[] = [];
    const wrong: string[] = [];
    for (let seed = 1; seed <= CASES; seed++) {
      const made = await syntheticCase(cls, seed);
      const checks = compareFields(made.expected, await readSbc(made.bytes));
      scores.push(scoreOf(checks));
      for (const check of checks.filter((c) => !c.right && c.read !== null))
        wrong.push(`${made.name} ${check.field}: expected ${String(check.expected)}, read ${String(check.read)}`);
    }
    expect(wrong).toEqual([]);
    expect(recall(addScores(scores))).toBeGreaterThanOrEqual(MIN_RECALL);
  });
});

describe('the corpus itself', () => {
  it('makes the same SBC again from the same seed, and different ones from different seeds', async () => {
    const [first, again, other] = await Promise.all([syntheticCase('baseline', 7), syntheticCase('baseline', 7), syntheticCase('baseline', 8)]);
    expect(again.expected).toEqual(first.expected);
    expect((await readSbc(again.bytes)).plan).toEqual((await readSbc(first.bytes)).plan);
    expect(other.expected).not.toEqual(first.expected);
  });
});
