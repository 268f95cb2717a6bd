import { describe, expect, it } from 'vitest';
import { chargesCoinsurance, decideDedApply, deductibleWording, exemptedBySummary } from './ded-apply.js';

const withDeductible = { deductible: 1500, service: 'specialist visit' };

describe('the wording of a row → *_ded_apply', () => {
  it('reads "$30 copay; deductible does not apply" as FALSE', () => {
    expect(decideDedApply({ ...withDeductible, cost: '$30 copay; deductible does not apply' })).toEqual({ value: 'FALSE', basis: 'explicit' });
  });

  it('reads "20% coinsurance after deductible" as TRUE_COIN', () => {
    expect(decideDedApply({ ...withDeductible, cost: '20% coinsurance after deductible' })).toEqual({ value: 'TRUE_COIN', basis: 'explicit' });
  });

  it('reads "$300 copay per admission, after ded" as TRUE', () => {
    expect(decideDedApply({ ...withDeductible, cost: '$300 copay per admission, after ded' })?.value).toBe('TRUE');
  });

  it('reads "20% coinsurance, deductible waived" as FALSE_COIN', () => {
    expect(decideDedApply({ ...withDeductible, cost: '20% coinsurance, deductible waived' })?.value).toBe('FALSE_COIN');
  });

  it('reads "$100 deductible, then 30% coinsurance" as TRUE_COIN', () => {
    expect(decideDedApply({ ...withDeductible, cost: '$100 deductible, then 30% coinsurance/visit' })?.value).toBe('TRUE_COIN');
  });

  it('reads a drug copay "after $200 brand name drug deductible" as TRUE', () => {
    expect(decideDedApply({ ...withDeductible, cost: '$35 copay/prescription after $200 brand name drug deductible' })?.value).toBe('TRUE');
  });

  it('takes the deductible wording from the row notes when the cost cell is silent', () => {
    expect(decideDedApply({ ...withDeductible, cost: '$40 copay/visit', notes: 'Participating Provider: Deductible does not apply.' })).toEqual({
      value: 'FALSE',
      basis: 'explicit',
    });
  });

  it('gives FALSE or FALSE_COIN when the deductible is $0', () => {
    expect(decideDedApply({ deductible: 0, service: 'urgent care', cost: '$20 copay' })).toEqual({ value: 'FALSE', basis: 'no_deductible' });
    expect(decideDedApply({ deductible: 0, service: 'emergency room', cost: '$150 copay and then 10% coinsurance' })).toEqual({
      value: 'FALSE_COIN',
      basis: 'no_deductible',
    });
  });

  it("follows page 1's list of what the deductible does not apply to", () => {
    const exemptions = 'office visits, urgent care, preventive care and prescription drugs';
    expect(decideDedApply({ deductible: 5500, exemptions, service: 'urgent care', cost: '$50 copay per visit' })).toEqual({ value: 'FALSE', basis: 'summary' });
    expect(decideDedApply({ deductible: 5500, exemptions, service: 'emergency room', cost: '50% coinsurance' })).toEqual({
      value: 'TRUE_COIN',
      basis: 'implied',
    });
  });

  it('lets a separate drug deductible apply to a tier the medical deductible skips', () => {
    expect(
      decideDedApply({
        deductible: 5500,
        exemptions: 'prescription drugs',
        service: 'preferred brand drugs',
        cost: '$75 copay/retail',
        rxDeductibleApplies: true,
      }),
    ).toEqual({
      value: 'TRUE',
      basis: 'separate_rx_deductible',
    });
  });

  it('decides nothing when the row is silent and the deductible is not known', () => {
    expect(decideDedApply({ service: 'specialist visit', cost: '$40 copay' })).toBeUndefined();
  });
});

describe('the pieces of the rule', () => {
  it('takes "copays" in the list for every copay row, but "certain categories with a copay" for none in particular', () => {
    expect(exemptedBySummary('Does not apply to copays.', '$200 copay per service', 'outpatient surgery')).toBe(true);
    expect(
      exemptedBySummary('Yes. Preventive care and certain benefit categories with a copay are covered.', '$200 copay per service', 'outpatient surgery'),
    ).toBe(false);
  });

  it('tells deductible wording apart', () => {
    expect(deductibleWording('Deductible does not apply.')).toBe('waived');
    expect(deductibleWording('$50 copay per visit, deductible waived')).toBe('waived');
    expect(deductibleWording('30% coinsurance/ admission after deductible')).toBe('applies');
    expect(deductibleWording('$20 copay')).toBeUndefined();
    expect(deductibleWording('Deductible, then 20% coinsurance')).toBe('applies');
    expect(deductibleWording("Deductible doesn't apply to certain preventive medications.")).toBeUndefined();
  });

  it('counts a percentage as coinsurance, 0% included', () => {
    expect(chargesCoinsurance('Retail : 25% co-ins')).toBe(true);
    expect(chargesCoinsurance('0% coinsurance')).toBe(true);
    expect(chargesCoinsurance('$10 copay')).toBe(false);
  });

  it('exempts only the drug tiers a summary list names', () => {
    const list = 'primary care, urgent care and generic drugs are covered before you meet your deductible';
    expect(exemptedBySummary(list, '$10 copay/prescription', 'generic drugs (tier 1) Generic drugs')).toBe(true);
    expect(exemptedBySummary(list, '20% coinsurance', 'preferred brand drugs (tier 2) Preferred brand drugs')).toBe(false);
    expect(exemptedBySummary('copays and prescription drugs', '50% coinsurance', 'specialty drugs (tier 4)')).toBe(true);
  });

  it('reads "primary care office visits" as the primary care row only, and "office visits" as both doctors\' rows', () => {
    const primary = 'Yes. Primary care office visits are covered before you meet your deductible.';
    expect(exemptedBySummary(primary, '$25 copay/visit', 'primary care visit Primary care visit to treat an injury or illness')).toBe(true);
    expect(exemptedBySummary(primary, '$50 copay/visit', 'specialist visit Specialist visit')).toBe(false);
    expect(exemptedBySummary('Yes, specialist office visits are covered before the deductible.', '$25 copay', 'primary care visit')).toBe(false);
    for (const list of [
      'office visits',
      'doctor office visits and urgent care',
      'primary care and specialist office visits',
      'in-network physician office visits',
    ])
      expect(exemptedBySummary(list, '$50 copay', 'specialist visit'), list).toBe(true);
    expect(exemptedBySummary('office visits to your primary care provider', '$50 copay', 'specialist visit')).toBe(false);
  });

  it("reads a kind of visit the table has no row for as neither doctor's row", () => {
    for (const list of ['mental health office visits', 'chiropractic office visits and generic drugs', 'telehealth visits'])
      expect(exemptedBySummary(list, '$25 copay', 'primary care visit'), list).toBe(false);
  });

  it('tells preferred brand drugs from non-preferred ones, and reads drug tiers by number', () => {
    expect(exemptedBySummary('non-preferred brand drugs', '$40 copay', 'preferred brand drugs (tier 2) Preferred brand drugs')).toBe(false);
    expect(exemptedBySummary('generic and preferred brand drugs', '$40 copay', 'preferred brand drugs (tier 2) Preferred brand drugs')).toBe(true);
    expect(exemptedBySummary('generic and preferred brand drugs', '$70 copay', 'non-preferred drugs (tier 3) Non-preferred brand drugs')).toBe(false);
    expect(exemptedBySummary('Tier 1 drugs', '$10 copay', 'generic drugs (tier 1) Tier 1 - Your Lowest-Cost Option')).toBe(true);
    expect(exemptedBySummary('Tier 1 drugs', '$40 copay', 'preferred brand drugs (tier 2) Tier 2 - Your Midrange-Cost Option')).toBe(false);
  });

  it('takes "a copayment or coinsurance may apply" for no exemption of copays', () => {
    const answer =
      "Yes. This plan covers some items and services even if you haven't yet met the deductible amount. But a copayment or coinsurance may apply. For example, this plan covers generic drugs before you meet your deductible.";
    expect(exemptedBySummary(answer, '$75 copay', 'urgent care')).toBe(false);
    expect(exemptedBySummary(answer, '$10 copay', 'generic drugs (tier 1) Generic drugs')).toBe(true);
  });

  it('matches summary lists of copays and "No Charge" services', () => {
    const list = 'copays, prescription drugs, and services listed below as "No Charge"';
    expect(exemptedBySummary(list, '$10 copay per visit', 'primary care')).toBe(true);
    expect(exemptedBySummary(list, 'No Charge', 'diagnostic test')).toBe(true);
    expect(exemptedBySummary(list, '30% coinsurance', 'hospital stay')).toBe(false);
  });
});
