// A broker's day in real Chromium (web mode), by keyboard: first run, an employer, one plan of each
// of the nine kinds, a renewal, a rejected entry, and a draft that survives a reload. Each step
// builds on the one before. Every wizard step is saved as a screenshot in e2e-screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { planSteps } from '../../shared/forms/plan-steps.js';
import { validPlanBody } from '../support/fixtures.js';
import { BENEFITS, planKind, type Benefit } from '../../shared/plans/index.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';
import { fillWizard, Keyboard } from './support/keyboard.js';

let app: RunningApp;
let page: Page;
let employerId: string;

const year = new Date().getFullYear();
/** A current plan year, entered fresh (not a renewal). */
const planYear = { start_date: `${year}-01-01`, end_date: `${year}-12-31`, from_plan: null, from_action: null };

/** Asks the same core the page talks to, as the page would. */
const call = (method: string, path: string, body?: unknown) => app.call(method, path, body);

async function planCount(): Promise<number> {
  const employer = (await call('GET', `/employers/${employerId}/`)).body as { plans: unknown[]; plans_expired: unknown[] };
  return employer.plans.length + employer.plans_expired.length;
}

const employerHeading = () => page.getByRole('heading', { level: 1, name: 'Northwind Traders' });

async function openPlanKind(keys: Keyboard, benefit: Benefit): Promise<void> {
  await keys.press('Alt+p');
  await page.getByRole('menu', { name: 'Plan kind' }).waitFor();
  await keys.press(String(BENEFITS.indexOf(benefit) + 1));
  await page.getByRole('heading', { level: 1, name: `${planKind(benefit).label} plan` }).waitFor();
}

beforeAll(async () => {
  app = await startApp();
  page = app.page;
});

afterAll(async () => {
  await app?.close();
});

describe("a broker's day, by keyboard", () => {
  it('first run: the welcome screen sets up a workspace offline', async () => {
    const keys = new Keyboard(page);
    await page.getByRole('heading', { name: 'Welcome to PlanDesk' }).waitFor();
    await screenshot(page, '00-welcome');
    for (const answer of ['Dana', 'Reyes', 'dana@harbor.example', 'Harbor Benefits']) {
      await keys.type(answer);
      await keys.press('Enter');
    }
    await keys.type('West Coast');
    await keys.press('Enter');
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'No employers yet' }).waitFor();
    expect(await app.core.invoke('workspace', [])).toMatchObject({
      ready: true,
      account: 'Harbor Benefits',
      user: { email: 'dana@harbor.example', first_name: 'Dana', last_name: 'Reyes' },
    });
    await screenshot(page, '01-employers-empty');
  });

  it('creates an employer with the NAICS and state pickers', async () => {
    const keys = new Keyboard(page);
    await keys.press('Alt+n');
    await page.getByRole('form', { name: 'New employer' }).waitFor();
    await page.getByRole('textbox', { name: 'Employer name' }).waitFor();
    await keys.type('Northwind Traders');
    await keys.press('Enter');
    await keys.type('https://northwind.example');
    await keys.press('Enter');
    await keys.type('240');
    await keys.press('Enter');
    await keys.type('424410');
    await keys.press('Enter');
    await keys.press('Enter');
    await keys.type('WA');
    await keys.press('Enter');
    await keys.type('OR');
    await keys.press('Enter');
    await screenshot(page, '02-employer-form');
    await keys.press('Control+Enter');
    await employerHeading().waitFor();
    employerId = /#\/employers\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const employer = (await call('GET', `/employers/${employerId}/`)).body;
    expect(employer).toMatchObject({
      name: 'Northwind Traders',
      url: 'https://northwind.example',
      size: '240',
      naics_codes: ['424410'],
      location_states: ['WA', 'OR'],
    });
    await screenshot(page, '03-employer-page');
  });

  it.each(BENEFITS)('enters a %s plan by keyboard only, every step on screen', async (benefit) => {
    const keys = new Keyboard(page);
    await openPlanKind(keys, benefit);
    const body = validPlanBody(benefit, { employer: employerId, title: `Northwind ${planKind(benefit).label} ${year}`, ...planYear });
    const steps = planSteps(benefit);
    let shot = 0;
    await fillWizard(page, keys, benefit, body, async (heading) => {
      const step = steps.find((candidate) => heading.endsWith(candidate.title))!;
      shot += 1;
      await screenshot(page, `1${BENEFITS.indexOf(benefit) + 1}-${benefit}-${shot}-${step.id}`);
    });
    await employerHeading().waitFor();
    expect(shot).toBe(steps.length);
    const stored = (await call('GET', `/employers/${employerId}/`)).body as { plans: { benefit: string; id: string }[] };
    const ref = stored.plans.find((plan) => plan.benefit === benefit)!;
    const plan = (await call('GET', `/plans/${benefit}/${ref.id}/`)).body as Record<string, unknown>;
    for (const [field, value] of Object.entries(body)) expect(plan[field], field).toEqual(value);
  });

  it("lists the nine plans on the employer's page, grouped by kind", async () => {
    const active = page.getByRole('region', { name: 'Active plans (9)' });
    await active.waitFor();
    for (const benefit of BENEFITS) await active.getByRole('link', { name: `Northwind ${planKind(benefit).label} ${year}` }).waitFor();
    await screenshot(page, '20-employer-nine-plans');
  });

  it('renews the medical plan: prefilled a year on, new rates, both plans on the employer', async () => {
    const keys = new Keyboard(page);
    await page.getByRole('link', { name: `Northwind ${planKind('medical').label} ${year}` }).click();
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await screenshot(page, '21-medical-plan-page');
    await keys.press('Alt+r');
    // A renewal opens on the rates; the basics, proposed a year on, are one step back.
    await page.getByRole('heading', { level: 2, name: 'Step 2 of 7: Rates' }).waitFor();
    await keys.press('PageUp');
    await page.getByRole('heading', { level: 1, name: `${planKind('medical').label} plan` }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Start date' }).inputValue()).toBe(`${year + 1}-01-01`);
    expect(await page.getByRole('textbox', { name: 'Plan title' }).inputValue()).toBe(`Northwind ${planKind('medical').label} ${year + 1}`);
    expect(await page.getByRole('combobox', { name: 'Renewal action' }).inputValue()).toBe('RENEWED');
    await keys.press('Control+Enter');
    await page.getByRole('heading', { level: 2, name: 'Step 2 of 7: Rates' }).waitFor();
    for (const value of ['1300', '5100', '4500', '7600', '8300', '16500', '15000', '23400']) {
      await keys.type(value);
      await keys.press('Enter');
    }
    await keys.press('PageDown');
    await keys.press('PageDown');
    await keys.press('PageDown');
    await keys.press('PageDown');
    await keys.press('PageDown');
    await page.getByRole('heading', { level: 2, name: 'Step 7 of 7: Review and save' }).waitFor();
    await page.getByText('Last year vs this year').waitFor();
    await screenshot(page, '22-medical-renewal-review');
    await keys.press('Control+s');
    await employerHeading().waitFor();
    const active = page.getByRole('region', { name: 'Active plans (10)' });
    await active.getByRole('link', { name: `Northwind ${planKind('medical').label} ${year}` }).waitFor();
    await active.getByRole('link', { name: `Northwind ${planKind('medical').label} ${year + 1}` }).waitFor();
    expect(keys.navigation).toBeLessThanOrEqual(25);
    await screenshot(page, '23-employer-after-renewal');
  });

  it('an invalid entry shows the field error and writes nothing', async () => {
    const keys = new Keyboard(page);
    const before = await planCount();
    await openPlanKind(keys, 'ltd');
    // The same title as the LTD plan already entered: only the service knows, and answers 400.
    const body = validPlanBody('ltd', { employer: employerId, title: `Northwind ${planKind('ltd').label} ${year}`, ...planYear });
    await fillWizard(page, keys, 'ltd', body);
    await page.getByRole('heading', { level: 2, name: 'Step 1 of 3: Basics' }).waitFor();
    await page
      .getByText(`This employer already has a plan of this kind titled “Northwind ${planKind('ltd').label} ${year}”; a different title tells them apart.`)
      .first()
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Plan title' }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '30-invalid-title');
    // A value the shared schema refuses shows as it is typed.
    await keys.press('Control+Enter');
    await page.getByRole('textbox', { name: 'Income replacement %' }).fill('150');
    await page.getByText('Income replacement % can be at most 100%.').waitFor();
    await screenshot(page, '31-invalid-percentage');
    expect(await planCount()).toBe(before);
  });

  it('a reload mid-wizard loses nothing: the draft resumes where it was', async () => {
    const keys = new Keyboard(page);
    await page.getByRole('link', { name: 'Employers', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search employers' }).fill('northwind');
    await keys.press('Enter');
    await employerHeading().waitFor();
    await openPlanKind(keys, 'dental');
    await keys.type('Northwind Dental Plus');
    await keys.press('Enter');
    await keys.type('Delta Dental');
    await page.getByText('Draft saved on this computer').waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `${planKind('dental').label} plan` }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Plan title' }).inputValue()).toBe('Northwind Dental Plus');
    expect(await page.getByRole('textbox', { name: 'Carrier' }).inputValue()).toBe('Delta Dental');
    await page.getByRole('link', { name: 'Drafts' }).click();
    await page.getByText('Northwind Dental Plus').waitFor();
    await screenshot(page, '40-drafts');
    await page.getByRole('listitem').filter({ hasText: 'Northwind Dental Plus' }).getByRole('button', { name: 'Resume' }).click();
    expect(await page.getByRole('textbox', { name: 'Carrier' }).inputValue()).toBe('Delta Dental');
    expect(app.errors()).toEqual([]);
  });
});
