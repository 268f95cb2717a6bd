// What got in a new broker's way (issue 24), tried as they tried it in Chromium at 1400×900: the
// review's PageDown that saved a duplicate plan, a pause in a choice list, a pasted rate-sheet row,
// number and date errors that did not say what was wrong, and an old SBC's plan saved among the
// expired ones without a word. Each fixed screen is checked with axe-core and saved as a screenshot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { planKind } from '../../shared/plans/index.js';
import { sbc2021Pdf } from '../support/made-pdfs.js';
import { axeViolations } from './support/axe.js';
import { globexWithGoldPpo } from './support/broker-records.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';

let app: RunningApp;
let page: Page;
let employerId: string;
let planId: string;
const year = new Date().getFullYear();
const medical = planKind('medical').label;

const call = (method: string, path: string, body?: unknown) => app.call(method, path, body);

const go = (hash: string) => page.evaluate((target) => (window.location.hash = target), hash);
const stepHeading = (name: string | RegExp) => page.getByRole('heading', { level: 2, name });
const stepButton = (title: string) => page.locator('.wizard-steps button').filter({ hasText: title });
const control = (field: string) => page.locator(`[data-field="${field}"]`);
const errorsOf = (field: string) => page.locator('.field', { has: control(field) }).locator('.field-errors');
const medicalPlanCount = async () => {
  const employer = (await call('GET', `/employers/${employerId}/`)).body as { plans: unknown[]; plans_expired: unknown[] };
  return employer.plans.length + employer.plans_expired.length;
};
/** How far the page (or the app's main area) is scrolled. */
const scrolled = () => page.evaluate(() => Math.max(document.scrollingElement?.scrollTop ?? 0, document.querySelector('.shell-main')?.scrollTop ?? 0));
const expectNoViolations = async (screen: string) => expect(await axeViolations(page), screen).toEqual([]);

async function newMedicalPlan(): Promise<void> {
  await go(`#/employers/${employerId}`);
  await page.getByRole('button', { name: 'Add plan' }).waitFor();
  await page.keyboard.press('Alt+p');
  await page.keyboard.press('1');
  await stepHeading('Step 1 of 7: Basics').waitFor();
}

async function discardWizard(): Promise<void> {
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
}

beforeAll(async () => {
  app = await startApp({ setUp: true, viewport: { width: 1400, height: 900 } });
  page = app.page;
  ({ employerId, planId } = await globexWithGoldPpo(app, year));
});

afterAll(async () => {
  await app?.close();
});

describe("the wizard's keys", () => {
  it('PageDown and PageUp scroll the review of a renewal; they, and Ctrl+Enter, never save it', async () => {
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await page.keyboard.press('Alt+r');
    await stepHeading(/^Step \d of 7/).waitFor();
    await stepButton('Review and save').click();
    await stepHeading('Step 7 of 7: Review and save').waitFor();
    const before = await medicalPlanCount();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('PageDown');
    await expect.poll(scrolled).toBeGreaterThan(300);
    await page.keyboard.press('Control+Enter');
    await screenshot(page, 'stumble-01-review-scrolled-by-pagedown');
    const down = await scrolled();
    await page.keyboard.press('PageUp');
    await expect.poll(scrolled).toBeLessThan(down);
    await stepHeading('Step 7 of 7: Review and save').waitFor();
    expect(await medicalPlanCount()).toBe(before);
    expect(await page.locator('.wizard-steps [aria-current="step"]').innerText()).toContain('Review and save');
    await expectNoViolations('review after PageDown');
    await discardWizard();
    expect(await medicalPlanCount()).toBe(before);
  });

  it('a pause while typing in a choice list starts the typing over, and no keystroke lands in the next field', async () => {
    await newMedicalPlan();
    // Clicked while the focused title is blank: the row of steps must not move under the pointer.
    await stepButton('In-network').click();
    await stepHeading('Step 3 of 7: In-network').waitFor();
    await control('pcp_ded_apply').focus();
    await page.keyboard.type('De');
    await page.waitForTimeout(1_100);
    await page.keyboard.type('ductible and');
    expect(await control('pcp_ded_apply').inputValue()).toBe('TRUE');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset['field'])).toBe('pcp_ded_apply');
    expect(await control('sp_copay').inputValue()).toBe('');
    // Typed without a pause, the label picks its choice and the wizard moves on, leaving the rest of the word behind.
    await page.keyboard.press('Tab');
    await control('sp_ded_apply').focus();
    await page.keyboard.type('Deductible and');
    expect(await control('sp_ded_apply').inputValue()).toBe('TRUE_COIN');
    expect(await control('er_copay').inputValue()).toBe('');
    await screenshot(page, 'stumble-02-choice-after-a-pause');
    await discardWizard();
  });

  it('a row of four cells pasted into the first tier fills the four tiers', async () => {
    await newMedicalPlan();
    await stepButton('Rates').click();
    await stepHeading('Step 2 of 7: Rates').waitFor();
    await control('t1_ee').focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '1,200\t3,000\t2,800\t4,800\r\n');
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect
      .poll(() => Promise.all(['t1_ee', 't2_ee', 't3_ee', 't4_ee'].map((field) => control(field).inputValue())))
      .toEqual(['1,200', '3,000', '2,800', '4,800']);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset['field'])).toBe('t4_ee');
    expect(await page.locator('.field-errors').count()).toBe(0);
    await screenshot(page, 'stumble-03-pasted-row');
    await discardWizard();
  });
});

describe('errors that say what is wrong', () => {
  it("numbers: misgrouped, scientific, negative, too long, an emoji and a pasted row, each in the field's words", async () => {
    await newMedicalPlan();
    await stepButton('Rates').click();
    await stepHeading('Step 2 of 7: Rates').waitFor();
    const typed: [string, string, string][] = [
      ['t1_ee', '12,34,5', '“12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).'],
      ['t2_ee', '1e9', 'must be written out in digits, e.g. 1,200, $1,200.50 or 1.2k: “1e9” is scientific notation.'],
      ['t3_ee', '-500', 'cannot be negative: enter 0 or more'],
      ['t4_ee', '12345678901234567890', 'can be at most $2,147,483,647.'],
      ['t1_gross', '🙂', '“🙂” is not a number.'],
      ['t2_gross', '100\t200\t300', 'takes one number, and this is 3 values pasted together'],
    ];
    for (const [field, text] of typed) {
      await control(field).fill(text);
      await control(field).blur();
    }
    for (const [field, , message] of typed) await expect.poll(() => errorsOf(field).innerText()).toContain(message);
    expect(await page.getByText('A valid integer is required.').count()).toBe(0);
    await screenshot(page, 'stumble-04-number-errors');
    await expectNoViolations('rates with number errors');
    await discardWizard();
  });

  it('dates: the message names the forms the field accepts; the end proposed from a half-typed start goes; an end before the start is said on its step', async () => {
    await newMedicalPlan();
    const start = page.getByRole('textbox', { name: 'Start date' });
    const end = page.getByRole('textbox', { name: 'End date' });
    await start.fill('13/45/2026');
    await start.blur();
    await errorsOf('start_date').getByText('Start date: “13/45/2026” has no month 13. Dates are month first: 1/1/2027, 2027-01-01 or Jan 1 2027.').waitFor();
    expect(await start.getAttribute('placeholder')).toBe('e.g. 1/1/2027');
    expect(await page.locator('.field', { has: start }).innerText()).not.toContain('YYYY-MM-DD');
    await start.fill('');
    await start.pressSequentially('1/1/20');
    expect(await end.inputValue()).toBe('2020-12-31');
    await start.pressSequentially('2');
    expect(await end.inputValue()).toBe('');
    await start.pressSequentially('7');
    expect(await end.inputValue()).toBe('2027-12-31');
    await end.fill('12/31/2026');
    await end.blur();
    await errorsOf('end_date').getByText('End date must be after the start date.').waitFor();
    await screenshot(page, 'stumble-05-date-errors');
    await expectNoViolations('basics with date errors');
    await discardWizard();
  });

  it('the employer form refuses "12,34,5" saying why', async () => {
    await go('#/employers/new');
    await page.getByRole('heading', { name: 'New employer' }).waitFor();
    const size = page.getByRole('textbox', { name: 'Eligible employees' });
    await size.fill('12,34,5');
    await size.blur();
    await page.getByText('“12,34,5” has its separators in the wrong places').waitFor();
    await screenshot(page, 'stumble-06-employer-size');
    await expectNoViolations('employer form with a misgrouped count');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('a plan from an old SBC', () => {
  it('proposes the carrier and plan name as the title, and says before saving that the plan has ended', async () => {
    await go(`#/employers/${employerId}`);
    await page.getByRole('button', { name: 'New medical plan from SBC…' }).waitFor();
    await page.getByLabel('SBC PDF').setInputFiles({ name: 'acme-silver.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await sbc2021Pdf()) });
    await page.getByRole('heading', { level: 1, name: `${medical} plan` }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Plan title' }).inputValue()).toBe('Acme Health Plan Silver Choice PPO');
    const ended = page
      .locator('.field', { has: control('end_date') })
      .getByText("This plan ended on 2024-12-31, before today: it will be saved among the employer's expired plans.");
    await ended.waitFor();
    await screenshot(page, 'stumble-07-sbc-title-and-ended');
    await expectNoViolations('SBC wizard with the ended warning');
    await discardWizard();
    expect(app.errors()).toEqual([]);
  });
});
