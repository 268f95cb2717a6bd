// What still got in a broker's way entering data (issue 38), tried in Chromium at 1400×900: "/" in
// the search box that has the focus, a renewal opening on the rates without saying what it changed,
// Alt+L pressed before the employer's plans are in, a pause in a choice list, the rate tiers out of
// line, the review chart's touching labels, the exhibit's enrollment messages, NAICS codes, and the
// import preview wider than the window. Each screen is checked with axe-core and saved as a screenshot.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { goldPpoBody, validPlanBody } from '../support/fixtures.js';
import { csvBytes } from '../import/support/sheets.js';
import { localOk, mainDivision } from './support/admin-flow.js';
import { axeViolations } from './support/axe.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';

const SCREENSHOTS = fileURLToPath(new URL('../../e2e-screenshots/', import.meta.url));
let app: RunningApp;
let page: Page;
let employerId: string;
let planId: string;
const year = new Date().getFullYear();

const go = (hash: string) => page.evaluate((target) => (window.location.hash = target), hash);
const stepHeading = (name: string | RegExp) => page.getByRole('heading', { level: 2, name });
const control = (field: string) => page.locator(`[data-field="${field}"]`);
const focusedField = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['field']);
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
const expectNoViolations = async (screen: string) => expect(await axeViolations(page), screen).toEqual([]);

async function discardWizard(): Promise<void> {
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
}

/** The on-screen boxes of these elements; none may overlap another. */
async function overlapping(selector: string): Promise<string[]> {
  const boxes = await page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { text: element.textContent ?? '', left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
  const touching: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) touching.push(`${a.text} / ${b.text}`);
  return touching;
}

beforeAll(async () => {
  app = await startApp({ setUp: true, viewport: { width: 1400, height: 900 } });
  page = app.page;
  const division = await mainDivision(app);
  const employer = (await localOk(app, 'POST', '/employers/', {
    name: 'Globex',
    url: 'https://globex.example',
    size: '1250',
    naics_codes: ['541511'],
    location_states: ['NY'],
    other_filters: [],
    division,
  })) as { id: string };
  employerId = employer.id;
  planId = ((await localOk(app, 'POST', '/plans/medical/', goldPpoBody(employerId, year))) as { id: string }).id;
  const whole = { start_date: `${year}-01-01`, end_date: `${year}-12-31`, from_plan: null, from_action: null };
  await localOk(app, 'POST', '/plans/dental/', validPlanBody('dental', { employer: employerId, title: `Dental ${year}`, ...whole }));
  for (const name of ['Harbor Bakery', 'Initech'])
    await localOk(app, 'POST', '/employers/', {
      name,
      url: `https://${name.toLowerCase().replace(' ', '-')}.example`,
      size: '40',
      naics_codes: [],
      location_states: ['CA'],
      other_filters: [],
      division,
    });
});

afterAll(async () => {
  await app?.close();
});

describe('keys that were lost or mistyped', () => {
  it('"/" in the search box that has the focus selects what it holds, instead of typing a slash', async () => {
    await go('#/employers');
    const search = page.getByRole('searchbox', { name: 'Search employers' });
    await search.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.type('harbor bak');
    await expect.poll(() => page.locator('.employer-count').textContent()).toBe('1 of 3 employers');
    await page.keyboard.press('/');
    expect(await search.inputValue()).toBe('harbor bak');
    expect(await search.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 10]);
    await page.keyboard.type('globex');
    expect(await search.inputValue()).toBe('globex');
    await expect.poll(() => page.locator('.employer-count').textContent()).toBe('1 of 3 employers');
    await screenshot(page, 'entry-01-slash-selects-the-search');
    await expectNoViolations('employers after "/"');
  });

  it('Alt+L and Alt+R pressed as the employer page appears, before its plans are in, renew the first plan once they are', async () => {
    const slowPlans = async (route: import('playwright-core').Route) => {
      if ((route.request().postData() ?? '').includes(`/employers/${employerId}/plans/`)) await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    };
    await page.route('**/bridge/call', slowPlans);
    try {
      await go(`#/employers/${employerId}`);
      await page.getByRole('heading', { level: 1, name: 'Globex' }).waitFor();
      expect(await page.getByText('Loading plans…').count()).toBeGreaterThan(0);
      await page.keyboard.press('Alt+l');
      await page.keyboard.press('Alt+r');
      await stepHeading('Step 2 of 7: Rates').waitFor();
    } finally {
      await page.unroute('**/bridge/call', slowPlans);
    }
    expect(await page.locator('.breadcrumb').innerText()).toContain(`Renewal of Gold PPO ${year}`);
    await discardWizard();
  });

  it('the arrows move between the plans after Alt+L, and the page writes its employees as 1,250', async () => {
    await go(`#/employers/${employerId}`);
    await page.getByRole('link', { name: `Dental ${year}` }).waitFor();
    expect(await page.locator('.employer-facts dt:text("Eligible employees") + dd').innerText()).toBe('1,250');
    await page.keyboard.press('Alt+l');
    expect(await focusedText()).toBe(`Gold PPO ${year}`);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toBe(`Dental ${year}`);
    await screenshot(page, 'entry-02-arrows-between-plans');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText()).toBe(`Gold PPO ${year}`);
    await expectNoViolations('employer page, a plan in focus');
  });
});

describe('the renewal', () => {
  it('opens on the rates saying what step 1 was filled with, a link away; the tiers line up; a billion-dollar contribution draws a note', async () => {
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await page.keyboard.press('Alt+r');
    await stepHeading('Step 2 of 7: Rates').waitFor();
    const summary = page.locator('.renewal-summary');
    expect(await summary.innerText()).toBe(
      `Renewing Gold PPO ${year} as Gold PPO ${year + 1}, ${year + 1}-01-01 to ${year + 1}-12-31, renewed (same carrier). Change these in step 1, Basics`,
    );
    expect(await focusedField()).toBe('t1_ee');

    // Each tier's contribution, gross cost and HSA funding in one column; the four tiers in one row.
    const box = async (field: string) => (await control(field).boundingBox())!;
    for (const tier of [1, 2, 3, 4]) {
      const ee = await box(`t${tier}_ee`);
      expect((await box(`t${tier}_gross`)).x, `tier ${tier}`).toBeCloseTo(ee.x, 0);
      expect((await box(`t${tier}_ercdhp`)).x, `tier ${tier}`).toBeCloseTo(ee.x, 0);
      expect(ee.y, `tier ${tier}`).toBeCloseTo((await box('t1_ee')).y, 0);
    }
    await screenshot(page, 'entry-03-renewal-opens-on-rates');
    await expectNoViolations('renewal on the rates, with its summary');

    await control('t1_ee').fill('1,000,000,000');
    await control('t1_ee').blur();
    await page
      .locator('.field', { has: control('t1_ee') })
      .getByText(
        'Tier 1 (employee only): an employee contribution of $1,000,000,000 a year for one employee is more than $100,000, far above any premium; check it for extra digits.',
      )
      .waitFor();
    await screenshot(page, 'entry-04-billion-dollar-contribution');
    await expectNoViolations('rates with the plausibility note');

    await summary.getByRole('button', { name: 'Change these in step 1, Basics' }).click();
    await stepHeading('Step 1 of 7: Basics').waitFor();
    expect(await focusedField()).toBe('title');
    await discardWizard();
  });

  it("the review's chart labels do not touch, at +10.0% on every tier", async () => {
    await go(`#/plans/medical/${planId}`);
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await page.keyboard.press('Alt+r');
    await stepHeading('Step 2 of 7: Rates').waitFor();
    for (const value of ['1320', '5280', '4620', '7920', '8580', '17160', '15510', '24420']) {
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
    }
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('PageDown');
    await stepHeading('Step 7 of 7: Review and save').waitFor();
    const chart = page.locator('.premium-chart');
    await chart.scrollIntoViewIfNeeded();
    expect(await chart.locator('.premium-chart__value').allTextContents()).toEqual(Array(8).fill('+10.0%'));
    expect(await overlapping('.premium-chart__value')).toEqual([]);
    await screenshot(page, 'entry-05-review-chart');
    await chart.screenshot({ path: `${SCREENSHOTS}entry-05-review-chart-close.png` });
    await page.keyboard.press('Control+s');
    await page.getByRole('link', { name: `Gold PPO ${year + 1}` }).waitFor();
  });
});

describe('choices, enrollment and NAICS codes', () => {
  it('a pause in the type-ahead of a choice list says, beside the field, that the later letters fit no choice', async () => {
    await go(`#/employers/${employerId}`);
    await page.getByRole('button', { name: 'Add plan' }).waitFor();
    await page.keyboard.press('Alt+p');
    await page.keyboard.press('1');
    await stepHeading('Step 1 of 7: Basics').waitFor();
    await page.locator('.wizard-steps button').filter({ hasText: 'In-network' }).click();
    await stepHeading('Step 3 of 7: In-network').waitFor();
    await control('pcp_ded_apply').focus();
    await page.keyboard.type('De');
    await page.waitForTimeout(1_100);
    await page.keyboard.type('ductible and');
    expect(await control('pcp_ded_apply').inputValue()).toBe('TRUE');
    expect(
      await page
        .locator('.field', { has: control('pcp_ded_apply') })
        .getByRole('status')
        .innerText(),
    ).toBe(
      'No choice starts with “ductible and”: Deductible only stays chosen. After a pause, typing starts over: type the whole label, or pick with the arrow keys.',
    );
    await screenshot(page, 'entry-06-typeahead-fits-no-choice');
    await expectNoViolations('in-network with the type-ahead note');
    await page.keyboard.press('Tab');
    expect(
      await page
        .locator('.field', { has: control('pcp_ded_apply') })
        .getByRole('status')
        .count(),
    ).toBe(0);
    await discardWizard();
  });

  it("the exhibit's enrollment messages each name their tier, the first one too, and its chart labels do not touch", async () => {
    await go(`#/employers/${employerId}/exhibit/${year + 1}`);
    await page.getByRole('heading', { level: 1, name: `Renewal exhibit, plan year ${year + 1}` }).waitFor();
    const box = (tier: string) => page.locator('.exhibit-enrollment label').filter({ hasText: tier }).locator('input');
    await box('Employee only').fill('12,34,5');
    await box('Employee + family').fill('two');
    await page.getByRole('button', { name: 'Save enrollment' }).click();
    const messages = page.locator('.exhibit-enrollment__error li');
    await messages.first().waitFor();
    expect(await messages.allInnerTexts()).toEqual([
      'Employee only: “12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).',
      'Employee + family: “two” is not a number. Type employee + family enrollment in digits, e.g. 250 or 1,250.',
    ]);
    expect(await overlapping('.exhibit-chart text')).toEqual([]);
    await screenshot(page, 'entry-07-exhibit-enrollment-messages');
    await page
      .locator('.exhibit-chart')
      .first()
      .screenshot({ path: `${SCREENSHOTS}entry-07-exhibit-chart-close.png` });
    await expectNoViolations('exhibit with enrollment errors');
  });

  it('NAICS: "software" and Enter adds Software Publishers; 999999 is not offered, and the service refuses it', async () => {
    await go('#/employers/new');
    await page.getByRole('heading', { name: 'New employer' }).waitFor();
    const naics = page.getByRole('combobox', { name: 'NAICS codes' });
    await naics.click();
    await page.keyboard.type('software');
    const suggestions = page.getByRole('listbox', { name: 'NAICS codes suggestions' });
    await suggestions.waitFor();
    expect((await suggestions.getByRole('option').allInnerTexts()).slice(0, 2)).toEqual([
      '511210 Software Publishers',
      '541511 Custom Computer Programming Services',
    ]);
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Chosen NAICS codes' }).getByText('Software Publishers').waitFor();
    await page.keyboard.type('999999');
    await page.keyboard.press('Enter');
    await page.getByText("999999 is not a 2017 NAICS code. Search by the industry's words (software) or the first digits of its code (5415).").waitFor();
    await screenshot(page, 'entry-08-naics-picker');
    await expectNoViolations('employer form, NAICS picker');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();

    const refused = await app.call('POST', '/employers/', {
      name: 'Nowhere Industries',
      url: 'https://nowhere.example',
      size: '10',
      naics_codes: ['999999'],
      location_states: [],
      other_filters: [],
      division: await mainDivision(app),
    });
    expect(refused).toEqual({ status: 400, body: { naics_codes: ["'999999' is not a 2017 NAICS code."] } });
  });
});

describe('the spreadsheet import', () => {
  it('previews every column of an employers sheet within a 1400-px window, each problem whole, and refuses a code not in the NAICS list', async () => {
    await go('#/employers');
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import a spreadsheet' }).waitFor();
    const sheet = csvBytes([
      ['Employer name', 'Web address', 'Eligible employees', 'NAICS codes', 'States', 'Filters', 'Division'],
      [
        'Northwind Traders',
        'https://northwind-traders-of-the-pacific-northwest.example.com',
        '1,240',
        '424410',
        'WA; OR; ID; MT',
        'Non-Profit Organization',
        'Main',
      ],
      ['Umbrella Holdings', 'umbrella.example.com', 'about 90', '999999', 'California', 'Charity', 'Nowhere'],
      ['Initrode', 'https://initrode.example.com', '200', '541511; 541512', 'TX', '', 'Main'],
    ]);
    await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'book-of-business.csv', mimeType: 'text/csv', buffer: sheet });
    await expect
      .poll(() => page.locator('.import-summary').textContent())
      .toContain('3 rows in “book-of-business.csv”: 2 to create, 0 already there, 1 with errors');
    const grid = page.getByRole('table', { name: 'Rows of the sheet' });
    const fits = await grid.evaluate((element) => {
      const frame = element.getBoundingClientRect();
      const heads = Array.from(element.querySelectorAll('[role="columnheader"]')).map((head) => ({
        text: head.textContent,
        right: head.getBoundingClientRect().right,
      }));
      return { scrolls: element.scrollWidth > element.clientWidth, outside: heads.filter((head) => head.right > frame.right + 0.5).map((head) => head.text) };
    });
    expect(fits).toEqual({ scrolls: false, outside: [] });
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual([
      'Row',
      'Problems',
      'Employer name',
      'Web address',
      'Eligible employees',
      'NAICS codes',
      'States',
      'Filters',
      'Division',
    ]);
    const problems = grid.getByRole('row', { name: /^2 · Has errors/ }).locator('.cell-problems');
    const text = await problems.innerText();
    expect(text).toContain("NAICS codes: '999999' is not a 2017 NAICS code.");
    expect(text).toContain('Division: ');
    const clipped = await problems.evaluate((cell) => cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight);
    expect(clipped).toBe(false);
    await screenshot(page, 'entry-09-import-preview-at-1400');
    await expectNoViolations('import preview at 1400 px');
  });
});
