// Broker entry as a new broker meets it, in Chromium (web mode): axe-core on every screen (with and
// without field errors), error links that focus their own field, typing that survives a killed
// backend, warnings after a save from any step, a renewal made twice, loose dates and amounts, and
// the shortcuts that work from every screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { planSteps } from '../../shared/forms/plan-steps.js';
import { planKind } from '../../shared/plans/index.js';
import { axeViolations } from './support/axe.js';
import { globexWithGoldPpo } from './support/broker-records.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';
import { Keyboard } from './support/keyboard.js';

let app: RunningApp;
let page: Page;
let employerId: string;
let planId: string;
const year = new Date().getFullYear();
const medical = planKind('medical').label;

const call = (method: string, path: string, body?: unknown) => app.call(method, path, body);

const go = async (hash: string) => {
  await page.evaluate((target) => (window.location.hash = target), hash);
};
const focusedField = () =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['field'] ?? (document.activeElement as HTMLElement | null)?.dataset['noneFor']);
const expectNoViolations = async (screen: string) => expect(await axeViolations(page), screen).toEqual([]);
const wizardHeading = () => page.getByRole('heading', { level: 1, name: `${medical} plan` });
const stepButton = (title: string) => page.locator('.wizard-steps button').filter({ hasText: title });

beforeAll(async () => {
  app = await startApp({ setUp: true });
  page = app.page;
  ({ employerId, planId } = await globexWithGoldPpo(app, year));
});

afterAll(async () => {
  await app?.close();
});

describe('broker entry', () => {
  it('axe finds no violation on any screen, with field errors shown and without', async () => {
    await go('#/employers');
    await page.getByText('1 employer').waitFor();
    await expectNoViolations('employers');
    await go(`#/employers/${employerId}`);
    await page.getByRole('link', { name: `Gold PPO ${year}` }).waitFor();
    await expectNoViolations('employer page');
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await expectNoViolations('plan page');
    await go('#/employers/new');
    await page.getByRole('heading', { name: 'New employer' }).waitFor();
    await expectNoViolations('employer form');
    await page.keyboard.press('Control+Enter');
    await page.locator('.field-errors').first().waitFor();
    await expectNoViolations('employer form with errors');
    await go('#/drafts');
    await page.getByRole('heading', { name: 'Drafts' }).waitFor();
    await expectNoViolations('drafts');
    await go('#/sync');
    await page.getByRole('heading', { name: 'Sync' }).waitFor();
    await expectNoViolations('sync');

    await go(`#/employers/${employerId}`);
    await page.getByRole('button', { name: 'Add plan' }).waitFor();
    await page.keyboard.press('Alt+p');
    await page.keyboard.press('1');
    await wizardHeading().waitFor();
    for (const [index, step] of planSteps('medical').entries()) {
      await page.getByRole('heading', { level: 2, name: `Step ${index + 1} of 7: ${step.title}` }).waitFor();
      await expectNoViolations(`wizard: ${step.title}`);
      await page.keyboard.press('Control+Enter');
    }
    // Ctrl+Enter stops at the review; Ctrl+S tries to save the empty plan: back on the first step, every error shows.
    await page.keyboard.press('Control+s');
    await page.locator('.field-errors').first().waitFor();
    await expectNoViolations('wizard step with errors');
    await stepButton('Review and save').click();
    await page.getByText('fields need attention').waitFor();
    await expectNoViolations('wizard review with errors');
    await page.getByRole('button', { name: 'Discard' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
  });

  it('every link of the review\'s error summary focuses its own field, in a "None" group and among the rates too', async () => {
    await page.keyboard.press('Alt+p');
    await page.keyboard.press('1');
    await wizardHeading().waitFor();
    await page.keyboard.press('Control+s');
    expect(await focusedField()).toBe('title');
    await stepButton('Review and save').click();
    await page.getByText('fields need attention').waitFor();
    const steps = planSteps('medical').slice(0, -1);
    const links = page.locator('.review-problems button');
    const count = await links.count();
    expect(count).toBeGreaterThan(20);
    const stepsLinked = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const link = links.nth(index);
      const text = await link.innerText();
      const stepTitle = text.slice(0, text.indexOf(': '));
      const label = text.slice(stepTitle.length + 2);
      const step = steps.find((candidate) => candidate.title === stepTitle)!;
      const field = step.fields.find((candidate) => planKind('medical').fields[candidate]!.label === label)!;
      await link.click();
      expect(await focusedField(), text).toBe(field);
      stepsLinked.add(step.id);
      await stepButton('Review and save').click();
    }
    // Errors of every step were followed: the rates (the rate helper's tiers, the "None" surcharges) among them.
    expect([...stepsLinked]).toEqual(expect.arrayContaining(['basics', 'rates', 'in-network', 'rx', 'extras']));
  });

  it('the last field typed survives a killed backend', async () => {
    await stepButton('Basics').click();
    await page.getByRole('textbox', { name: 'Plan title' }).waitFor();
    const draftId = /#\/wizard\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await page.route('**/bridge/**', (route) => route.abort());
    await page.getByRole('textbox', { name: 'Plan title' }).fill('Typed as the backend died');
    await page.close({ runBeforeUnload: false });
    const revived = await app.browser.contexts()[0]!.newPage();
    await revived.goto(app.url);
    await revived.evaluate((target) => (window.location.hash = target), `#/wizard/${draftId}`);
    page = revived;
    expect(await page.getByRole('textbox', { name: 'Plan title' }).inputValue()).toBe('Typed as the backend died');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
  });

  it('reads loose dates and amounts, says what it understood, proposes the end date and stores ISO and whole dollars', async () => {
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await wizardHeading().waitFor();
    const start = page.getByRole('textbox', { name: 'Start date' });
    await start.fill(`Jul 1 ${year}`);
    await page.getByText(`Read as`).first().waitFor();
    expect(await page.getByRole('textbox', { name: 'End date' }).inputValue()).toBe(`${year + 1}-06-30`);
    await start.fill(`7/1/${String(year).slice(2)}`);
    await stepButton('Rates').click();
    const firstRate = page.locator('[data-field="t1_ee"]');
    await firstRate.fill('1,200.50');
    await page.getByText('Rounded to $1,201: this field holds whole dollars.').waitFor();
    await page.locator('[data-field="t2_ee"]').fill('4.8k');
    await page.getByText('Read as $4,800.').waitFor();
    await screenshot(page, '50-medical-forgiving-input');
    await expectNoViolations('wizard with read-back notes');
    await page.keyboard.press('Control+s');
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
    const stored = (await call('GET', `/plans/medical/${planId}/`)).body as Record<string, unknown>;
    expect(stored).toMatchObject({ start_date: `${year}-07-01`, end_date: `${year + 1}-06-30`, t1_ee: 1201, t2_ee: 4800 });
  });

  it("Ctrl+S from the first step shows the review's warnings after saving, never blocking", async () => {
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 2, name: 'Step 1 of 7: Basics' }).waitFor();
    await page.getByRole('textbox', { name: 'End date' }).fill(`${year + 1}-01-31`);
    await page.keyboard.press('Control+s');
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Worth a second look' });
    await notice.getByText('plan years are normally 12 months').waitFor();
    await screenshot(page, '51-saved-with-warnings');
    await expectNoViolations('employer page with a saved notice');
  });

  it('renewing a plan already renewed for that year says so at the start, with a link to the renewal', async () => {
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await page.keyboard.press('Alt+r');
    await page.getByRole('heading', { level: 2, name: /^Step \d of 7/ }).waitFor();
    await page.keyboard.press('Control+s');
    await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await page.keyboard.press('Alt+r');
    const notice = page.getByRole('alert').filter({ hasText: 'already has a renewal for' });
    await notice.waitFor();
    await screenshot(page, '52-renewal-exists');
    await notice.getByRole('link', { name: `Gold PPO ${year + 1}` }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Gold PPO ${year + 1}`) }).waitFor();
  });

  it('Alt+N and / work from every screen', async () => {
    const keys = new Keyboard(page);
    for (const hash of ['#/drafts', '#/sync', `#/employers/${employerId}`, `#/plans/medical/${planId}`]) {
      await go(hash);
      await page.waitForFunction((target) => window.location.hash === target, hash);
      await keys.press('Alt+n');
      await page.getByRole('heading', { name: 'New employer' }).waitFor();
      await go(hash);
      await page.waitForFunction((target) => window.location.hash === target, hash);
      await page.locator('body').focus();
      await keys.press('/');
      await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
    }
    expect(app.errors()).toEqual([]);
  });
});
