// The SBC reader on real carrier SBCs (../shared/sbc and ../shared/sbc-2021 beside the repository)
// against the values a person read from them (truth.json), and its refusals of a scan and of a PDF
// that is not an SBC. Without those folders the tests that need them are skipped, saying why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSbc, SbcRefusal } from '../../main/import/sbc/read-sbc.js';
import { letterPdf, passwordProtectedPdf, rotated, sbc2021Pdf, scanOf } from '../support/made-pdfs.js';
import { describeWithSamples } from '../support/describe-with-samples.js';
import { checkFields, loadAllSbcSamples, sampleBytes, samplesMissing, SBC_DIR } from '../support/sbc-samples.js';

const missing = samplesMissing();
const withSamples = describeWithSamples();
const samples = missing ? [] : loadAllSbcSamples();

withSamples.each(samples.map((truth) => [truth.file, truth] as const))('reading %s', (file, truth) => {
  it('gets every labelled value right, leaving empty what the document does not state', async () => {
    const reading = await readSbc(sampleBytes(file, truth.dir));
    const wrong = checkFields(truth, reading).filter((check) => !check.right);
    expect(wrong).toEqual([]);
  });

  it('gives the page and sentence of every field it read, and lists the rest as missing', async () => {
    const reading = await readSbc(sampleBytes(file, truth.dir));
    for (const field of Object.keys(reading.plan)) {
      expect(reading.sources[field]?.page, field).toBeGreaterThan(0);
      expect(reading.sources[field]?.text, field).not.toBe('');
      expect(reading.missing).not.toContain(field);
    }
    expect(reading.missing).toEqual(expect.arrayContaining(['t1_ee', 't1_gross', 'funding']));
  });

  it('reads amounts as whole dollars and percentages', async () => {
    const reading = await readSbc(sampleBytes(file, truth.dir));
    for (const [field, value] of Object.entries(reading.plan)) {
      if (typeof value === 'number') expect(Number.isInteger(value) && value >= 0, field).toBe(true);
    }
  });
});

describe('the 2021+ edition of the template', () => {
  it('reads its wording: network/out-of-network columns, services covered before the deductible, the out-of-pocket limit for this plan', async () => {
    const reading = await readSbc(await sbc2021Pdf());
    expect(reading.plan).toEqual({
      carrier: 'Acme Health Plan',
      type: 'PPO',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      in_ded_single: 1500,
      in_ded_family: 3000,
      out_ded_single: 3000,
      out_ded_family: 6000,
      in_max_single: 5000,
      in_max_family: 10000,
      out_max_single: 10000,
      out_max_family: 20000,
      in_coin: 20,
      out_coin: 40,
      rx_coin: 20,
      pcp_copay: 25,
      pcp_ded_apply: 'FALSE',
      sp_copay: 50,
      sp_ded_apply: 'FALSE',
      lx_ded_apply: 'TRUE_COIN',
      op_ded_apply: 'TRUE_COIN',
      er_copay: 300,
      er_ded_apply: 'TRUE_COIN',
      uc_copay: 75,
      uc_ded_apply: 'FALSE',
      ip_ded_apply: 'TRUE_COIN',
      rx1_copay: 10,
      rx1_ded_apply: 'FALSE',
      rx2_ded_apply: 'TRUE_COIN',
    });
    expect(reading.sources.uc_ded_apply).toEqual({
      page: 2,
      text: 'Urgent care: $75 copay/visit (page 1: “Yes. Primary care, urgent care and generic drugs are covered before you meet your deductible.”)',
    });
  });

  it('keeps what page 1 states when the services table is not found, and says the table is missing', async () => {
    const reading = await readSbc(await sbc2021Pdf({ withoutServicesTable: true }));
    expect(reading.plan).toMatchObject({ out_ded_single: 3000, out_ded_family: 6000, out_max_single: 10000, out_max_family: 20000 });
    expect(reading.plan).not.toHaveProperty('pcp_copay');
    expect(reading.warnings).toContain('The services table was not found: enter the copays, coinsurance and whether the deductible applies to each service.');
  });

  it('reads HSA eligibility where the SBC states it, and only then', async () => {
    const reading = await readSbc(await sbc2021Pdf({ hsaEligible: true }));
    expect(reading.plan.hsa).toBe(true);
    expect(reading.sources.hsa).toEqual({ page: 1, text: 'This plan is eligible for a health savings account (HSA).' });
    expect((await readSbc(await sbc2021Pdf())).missing).toContain('hsa');
  });
});

withSamples('page layouts', () => {
  it.each([90, 180, 270] as const)('reads pages rotated by %i° exactly as upright ones', async (turn) => {
    const upright = await readSbc(sampleBytes('Anthem.pdf'));
    expect((await readSbc(await rotated(sampleBytes('Anthem.pdf'), turn))).plan).toEqual(upright.plan);
  });
});

describe('refusals', () => {
  it.skipIf(missing !== undefined)('refuses a scan (a PDF whose pages are only images) and says so', async () => {
    const scan = await scanOf(join(SBC_DIR, 'UHC.pdf'));
    await expect(readSbc(scan)).rejects.toThrow(/^this PDF has no text layer \(a scan\?\): /);
  });

  it('refuses a PDF that is not an SBC and says so', async () => {
    const error = await readSbc(await letterPdf()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SbcRefusal);
    expect((error as Error).message).toMatch(/^this PDF is not a Summary of Benefits and Coverage/);
  });

  it('refuses a password-protected PDF, saying so and how to make a copy without the password', async () => {
    const bytes = passwordProtectedPdf('s3cret', 'Summary of Benefits and Coverage');
    // A real protected PDF: poppler reads it with its password, and refuses it without.
    const dir = mkdtempSync(join(tmpdir(), 'plandesk-protected-'));
    try {
      writeFileSync(join(dir, 'sbc.pdf'), bytes);
      expect(spawnSync('pdftotext', ['-upw', 's3cret', join(dir, 'sbc.pdf'), '-'], { encoding: 'utf8' }).stdout.trim()).toBe(
        'Summary of Benefits and Coverage',
      );
      expect(spawnSync('pdftotext', [join(dir, 'sbc.pdf'), '-'], { encoding: 'utf8' }).status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const error = await readSbc(bytes).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SbcRefusal);
    expect((error as Error).message).toMatch(/^this PDF is protected by a password: .*print it to a new PDF \("Save as PDF"/);
    expect((error as Error).message).not.toMatch(/No password given/);
  });

  it('refuses bytes that are not a PDF at all', async () => {
    await expect(readSbc(new TextEncoder().encode('name,title\nAcme,PPO\n'))).rejects.toThrow(/^this file is not a readable PDF/);
  });
});
