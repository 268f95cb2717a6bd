// `plandesk import sbc FILE.pdf [--json]`, spawned for real (the compiled out/main/cli.js) on a
// sample SBC from ../shared/sbc, a scan made from it, and a PDF that is not an SBC.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';
import { letterPdf, scanOf } from '../support/made-pdfs.js';
import { describeWithSamples } from '../support/describe-with-samples.js';
import { SBC_DIR } from '../support/sbc-samples.js';

const SAMPLE = join(SBC_DIR, 'Kaiser2.pdf');

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-import-sbc-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[]) => runPlandesk(args, '', { cwd: dir, env: { HOME: dir } });

describeWithSamples()('plandesk import sbc', () => {
  it('prints the plan, its sources, what is missing and the warnings as one line of JSON with --json', async () => {
    const result = await run(['import', 'sbc', SAMPLE, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const reading = JSON.parse(result.stdout);
    expect(Object.keys(reading)).toEqual(['plan', 'sources', 'missing', 'warnings']);
    expect(reading.plan).toMatchObject({ carrier: 'Kaiser Permanente', type: 'PPO', in_ded_single: 1000, pcp_copay: 40, er_ded_apply: 'TRUE_COIN' });
    expect(reading.sources.pcp_copay).toEqual({ page: 2, text: expect.stringMatching(/^Primary care visit to treat an injury or illness: \$40 copay/) });
    expect(reading.missing).toEqual(expect.arrayContaining(['start_date', 'end_date', 't1_ee', 'funding']));
    expect(reading.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/coverage period/)]));
  });

  it('prints each field with its page and sentence, then what is still to enter, without --json', async () => {
    const result = await run(['import', 'sbc', SAMPLE]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}in_max_single +5000 +p\.1: Participating Provider: \$5,000 person\/\$10,000 family;$/m);
    expect(result.stdout).toMatch(/^Still to enter \(\d+\): .*\bt1_gross\b/m);
  });

  it('writes nothing', async () => {
    await run(['import', 'sbc', SAMPLE, '--json']);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('exits 1 with the reason for a scan', async () => {
    const scan = join(dir, '..', `scan-${process.pid}.pdf`);
    writeFileSync(scan, await scanOf(SAMPLE, 1));
    try {
      const result = await run(['import', 'sbc', scan, '--json']);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^plandesk import sbc: this PDF has no text layer \(a scan\?\): /);
    } finally {
      rmSync(scan);
    }
  });

  it('exits 1 with the reason for a PDF that is not an SBC', async () => {
    const letter = join(dir, '..', `letter-${process.pid}.pdf`);
    writeFileSync(letter, await letterPdf());
    try {
      const result = await run(['import', 'sbc', letter]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^plandesk import sbc: this PDF is not a Summary of Benefits and Coverage/);
    } finally {
      rmSync(letter);
    }
  });

  it('exits 2 when FILE is missing', async () => {
    const result = await run(['import', 'sbc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/missing FILE\.pdf/);
  });
});
