// An SBC imported on an employer's page, in Chromium (web mode): the wizard opens as a draft
// prefilled from the PDF, each prefilled field showing its page and sentence and each field an SBC
// cannot give marked "still to enter"; nothing is stored until the broker completes and saves it.
// A scan is refused on the employer's page with its reason.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { planKind } from '../../shared/plans/index.js';
import { readSbc } from '../../main/import/sbc/read-sbc.js';
import { validPlanBody } from '../support/fixtures.js';
import { scanOf } from '../support/made-pdfs.js';
import { describeWithSamples } from '../support/describe-with-samples.js';
import { sampleBytes, samplesMissing, SBC_DIR } from '../support/sbc-samples.js';
import { axeViolations } from './support/axe.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';
import { fillWizard, Keyboard } from './support/keyboard.js';

const SAMPLE = 'UHC.pdf';
let app: RunningApp;
let page: Page;
let employerId: string;

const call = (method: string, path: string, body?: unknown) => app.call(method, path, body);

async function medicalPlansOfEmployer(): Promise<string[]> {
  const employer = (await call('GET', `/employers/${employerId}/`)).body as {
    plans: { benefit: string; id: string }[];
    plans_expired: { benefit: string; id: string }[];
  };
  return [...employer.plans, ...employer.plans_expired].filter((plan) => plan.benefit === 'medical').map((plan) => plan.id);
}

beforeAll(async () => {
  if (samplesMissing()) return;
  app = await startApp({ setUp: true });
  page = app.page;
  const division = ((await call('GET', '/divisions/list/')).body as { id: string }[])[0]!.id;
  employerId = (
    (
      await call('POST', '/employers/', {
        name: 'Initech',
        url: 'https://initech.example',
        size: '80',
        naics_codes: ['541511'],
        location_states: ['CA'],
        other_filters: [],
        division,
      })
    ).body as { id: string }
  ).id;
});

afterAll(async () => {
  await app?.close();
});

describeWithSamples()('a medical plan from an SBC', () => {
  it('opens the wizard prefilled from the PDF, with sources and what is still to enter, and saves nothing yet', async () => {
    await page.evaluate((target) => (window.location.hash = target), `#/employers/${employerId}`);
    await page.getByRole('button', { name: 'New medical plan from SBC…' }).waitFor();
    await page.getByLabel('SBC PDF').setInputFiles(join(SBC_DIR, SAMPLE));
    await page.getByRole('heading', { level: 1, name: `${planKind('medical').label} plan` }).waitFor();
    await page.getByRole('region', { name: 'Read from the SBC' }).getByText(SAMPLE).waitFor();

    const carrier = page.locator('[data-field="carrier"]');
    expect(await carrier.inputValue()).toBe('UnitedHealthcare');
    await page.getByText('From SBC page 1: “Coverage Period: 01/01/2014 - 12/31/2014”').first().waitFor();
    const title = page.locator('.field', { has: page.locator('[data-field="title"]') });
    await title.getByText('still to enter').waitFor();
    await screenshot(page, 'sbc-1-basics');

    for (const step of ['Step 2 of 7: Rates', 'Step 3 of 7: In-network']) {
      await page.keyboard.press('Control+Enter');
      await page.getByRole('heading', { level: 2, name: step }).waitFor();
    }
    expect(await page.locator('[data-field="pcp_copay"]').inputValue()).toBe('10');
    await page.getByText('From SBC page 2: “Primary care visit to treat an injury or illness: $10 copay per visit”').first().waitFor();
    await page
      .locator('.field', { has: page.locator('[data-field="in_coin"]') })
      .getByText('still to enter')
      .waitFor();
    await screenshot(page, 'sbc-2-in-network');
    expect(await axeViolations(page)).toEqual([]);

    expect(await medicalPlansOfEmployer()).toEqual([]);
  });

  it('is completed and saved by the broker, keeping every value read from the SBC', async () => {
    const reading = await readSbc(sampleBytes(SAMPLE));
    const complete = validPlanBody('medical', { employer: employerId, title: 'Initech HMO from SBC', in_coin: 0 });
    const toEnter = Object.fromEntries(Object.entries(complete).filter(([field]) => !(field in reading.plan)));
    await page.locator('.wizard-steps button').filter({ hasText: 'Basics' }).click();
    await page.getByRole('heading', { level: 2, name: 'Step 1 of 7: Basics' }).waitFor();
    await page.locator('[data-field="title"]').focus();
    await fillWizard(page, new Keyboard(page), 'medical', toEnter);
    await page.getByRole('heading', { level: 1, name: 'Initech' }).waitFor();
    await screenshot(page, 'sbc-3-saved');

    const [planId] = await medicalPlansOfEmployer();
    const plan = (await call('GET', `/plans/medical/${planId}/`)).body as Record<string, unknown>;
    for (const [field, value] of Object.entries(reading.plan)) expect(plan[field], field).toEqual(value);
    expect(plan).toMatchObject({ title: 'Initech HMO from SBC', carrier: 'UnitedHealthcare', pcp_copay: 10, ip_ded_apply: 'TRUE', in_coin: 0 });
  });

  it('refuses a scanned SBC on the employer page with the reason, opening no wizard', async () => {
    const scan = Buffer.from(await scanOf(join(SBC_DIR, SAMPLE), 1));
    await page.evaluate((target) => (window.location.hash = target), `#/employers/${employerId}`);
    await page.getByRole('button', { name: 'New medical plan from SBC…' }).waitFor();
    await page.getByLabel('SBC PDF').setInputFiles({ name: 'scanned-sbc.pdf', mimeType: 'application/pdf', buffer: scan });
    await page
      .getByRole('alert')
      .getByText(/this PDF has no text layer \(a scan\?\)/)
      .waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Initech');
  });
});
