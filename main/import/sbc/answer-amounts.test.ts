import { describe, expect, it } from 'vitest';
import { answerAmounts, gridAmounts, saysNoDeductible } from './answer-amounts.js';

const both = { in: { single: 500, family: 1000 }, out: { single: 1500, family: 3000 } };

describe("page 1's amount answers", () => {
  it.each([
    ['$500 individual / $1,000 family for in-network providers; $1,500 individual / $3,000 family for out-of-network providers.'],
    ['In-Network: Individual $500 / Family $1,000. Out-of-Network: Individual $1,500 / Family $3,000.'],
    ['In-Network $500 Individual $1,000 Family Out-of-Network $1,500 Individual $3,000 Family'],
    ['$500 person/$1,000 family participating providers $1,500 person/$3,000 family non-participating providers'],
    ['For preferred providers $500 single / $1,000 family. For non-preferred providers $1,500 single / $3,000 family.'],
    ['Network: EE Only $500; EE+ Family $1,000 Non-Network: EE Only $1,500; EE+ Family $3,000'],
    ['$500* individual / $1,000* family in-network, $1,500* individual / $3,000* family out-of-network.'],
    ['$500Individual/$1,000Familyfor in-network; $1,500Individual/$3,000Family for out-of-network'],
    ['Self-only $500 / Family $1,000 for In-Network Providers; Self-only $1,500 / Family $3,000 for Non-Network Providers'],
    ['In-network: $500/individual, $1,000/family. Out-of-network: $1,500/individual, $3,000/family.'],
    ['$500 (individual) / $1,000 (family) in-network; $1,500 (individual) / $3,000 (family) out-of-network'],
    ['In-Network: $500 Ind / $1,000 Fam; Out-of-Network: $1,500 Ind / $3,000 Fam'],
  ])('reads "%s"', (answer) => {
    expect(answerAmounts(answer)).toEqual(both);
  });

  it.each([
    ['Network: $500 / Family $1,000. Out-of-network: $1,500 / Family $3,000.'],
    ['$500 / $1,000 family in-network; $1,500 / $3,000 family out-of-network'],
    ['In-network: Individual $500 / $1,000. Out-of-network: Individual $1,500 / $3,000.'],
    ['Network providers: $500 individual, $1,000; out-of-network providers: $1,500 individual, $3,000.'],
    ['$500; $1,000 per family for in-network providers; $1,500; $3,000 per family for out-of-network providers.'],
  ])('reads an amount printed without its tier word as the tier its pair does not name: "%s"', (answer) => {
    expect(answerAmounts(answer)).toEqual(both);
  });

  it.each([
    ['In-Network: $500/$1,000 (Individual/Family); Out-of-Network: $1,500/$3,000 (Individual/Family)'],
    ['Individual/Family: In-network $500/$1,000; Out-of-network $1,500/$3,000'],
    ['In-network Single / Family $500 / $1,000; out-of-network Single / Family $1,500 / $3,000'],
    ['In-network $500/$1,000; out-of-network $1,500/$3,000 (individual/family)'],
  ])('reads the tier words printed together, in the amounts\' order: "%s"', (answer) => {
    expect(answerAmounts(answer)).toEqual(both);
  });

  it('keeps a semicolon between the tiers of one network from ending it, and one between networks', () => {
    expect(answerAmounts('EE Only $500; EE+ Family $1,000 participating providers EE Only $1,500; EE+ Family $3,000 non-participating providers')).toEqual(
      both,
    );
    expect(answerAmounts('$500 individual / $1,000 family; $1,500 individual / $3,000 family out-of-network')).toEqual(both);
    expect(answerAmounts('$750 per member / 2 members family; out-of-network $1,500 per member / 2 members family.')).toEqual({
      in: { single: 750 },
      out: { single: 1500 },
    });
  });

  it('leaves amounts no word names, and no pair explains, without a tier', () => {
    expect(answerAmounts('In-network: $500 / $1,000. Out-of-network: $1,500 / $3,000.')).toEqual({});
    expect(answerAmounts('$500 in-network; $1,500 out-of-network')).toEqual({});
  });

  it('gives one amount for both networks to both', () => {
    expect(answerAmounts('$500 per member / $1,000 per family for in-network and out-of-network providers combined.')).toEqual({
      in: { single: 500, family: 1000 },
      out: { single: 500, family: 1000 },
    });
  });

  it('reads an answer naming no network as the network amounts, and leaves a family deductible not in dollars empty', () => {
    expect(answerAmounts('$750 per member / 2 members family.')).toEqual({ in: { single: 750 } });
  });

  it('reads a grid of network headings over tier rows, and over bare amounts for the tier the SBC is for', () => {
    expect(gridAmounts(['In-Network Out-of-Network', 'Individual $500 $1,500', 'Family $1,000 $3,000'], undefined)).toEqual(both);
    expect(gridAmounts(['In-Network Out-of-Network', '$1,000 $3,000'], 'family')).toEqual({ in: { family: 1000 }, out: { family: 3000 } });
    expect(gridAmounts(['In-Network Out-of-Network', '$1,000 $3,000'], undefined)).toEqual({});
  });

  it('knows an answer saying there is no deductible', () => {
    for (const answer of ['$0', '$0.', 'None', 'There is no deductible.', 'N/A. There is no overall deductible.'])
      expect(saysNoDeductible(answer), answer).toBe(true);
    for (const answer of ['$0 for preventive care; $500 otherwise', 'No. Preventive care is covered.']) expect(saysNoDeductible(answer), answer).toBe(false);
  });
});
