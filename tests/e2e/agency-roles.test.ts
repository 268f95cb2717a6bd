// A broker, an admin and support staff at an agency's scale (issue 38), in Chromium at 1400×900 on
// workspaces of 5,000 employers and 10,000 plans, against a real `plandesk serve`: a broker started
// from the agency's server with a regular token is a user, not an admin, and the server is guarded
// as production; an admin's first run shows every error at once, a change the server refuses for
// permission is discarded, thousands of employers are found and moved between divisions at once;
// support finds one plan among thousands of the same title. Every screen walked is axe-clean and
// saved as a screenshot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { validPlanBody } from '../support/fixtures.js';
import { addEnvironmentByForm, checkScreen, employerBody, openScreen, openSync, pushAndWait } from './support/admin-flow.js';
import { fillAgency } from './support/agency-workspace.js';
import { startApp, type RunningApp } from './support/browser.js';
import { startServeRemote, type ServeRemote } from './support/serve-remote.js';

const VIEWPORT = { width: 1400, height: 900 };
/** A screen of 5,000 employers on a busy two-core machine may take longer than the harness's 8 s to appear. */
const AT_SCALE_TIMEOUT = 30_000;

/** The app at 1400×900, given the time a screen at scale needs. */
async function appAtScale(): Promise<RunningApp> {
  const app = await startApp({ viewport: VIEWPORT });
  app.page.setDefaultTimeout(AT_SCALE_TIMEOUT);
  return app;
}
const EMPLOYERS = 5000;
const year = new Date().getFullYear();
const broker = { first_name: 'Dana', last_name: 'Reyes', email: 'dana@harbor.example' };

let remote: ServeRemote;
let brokerToken: string;

beforeAll(async () => {
  remote = await startServeRemote();
  // The agency's server: a few clients, and Dana, a regular user of its one division.
  for (const name of ['Summit Outfitters', 'Lakeside Clinic']) {
    const employer = await remote.ok('POST', '/employers/', employerBody(remote.division, name, `https://${name.split(' ')[0]!.toLowerCase()}.example`));
    await remote.ok(
      'POST',
      '/plans/dental/',
      validPlanBody('dental', {
        employer: employer.id,
        title: `Dental DPPO ${year}`,
        start_date: `${year}-01-01`,
        end_date: `${year}-12-31`,
        from_plan: null,
        from_action: null,
      }),
    );
  }
  await remote.ok('POST', '/users/', { ...broker, username: 'dana', division_ids: [remote.division] });
  brokerToken = await remote.tokenFor(broker.email);
}, 60_000);

afterAll(async () => {
  await remote?.close();
});

/** The waiting count in the frame, once the workspace's changes are read. */
const waitingCount = (page: Page) => page.getByRole('link', { name: /^Waiting: / }).innerText();

describe('a broker started from the agency server with a regular token', () => {
  let app: RunningApp;
  afterAll(async () => {
    await app?.close();
  });

  it('is guarded as production and told so, and is a user here as there', async () => {
    app = await appAtScale();
    const { page } = app;
    await page.getByRole('heading', { name: 'Welcome to PlanDesk' }).waitFor();
    await page.getByRole('button', { name: "Start from my agency's server" }).click();
    const form = page.getByRole('form', { name: "Start from your agency's server" });
    await form.getByRole('textbox', { name: /^Your first name/ }).fill(broker.first_name);
    await form.getByRole('textbox', { name: /^Your last name/ }).fill(broker.last_name);
    // The agency's name is the server's: not asked.
    expect(await form.getByRole('textbox', { name: /^Your agency or account name/ }).count()).toBe(0);
    await form.getByRole('textbox', { name: /^Your work e-mail/ }).fill(broker.email);
    await form.getByRole('textbox', { name: /^Server address/ }).fill(remote.url);
    await form.getByLabel(/^Your API token/).fill(brokerToken);
    // Named production: guarded, though the test's server is on this computer.
    expect(await form.getByRole('checkbox', { name: /^Production: show what would be sent/ }).isChecked()).toBe(true);
    await checkScreen(page, 'agency-01-broker-start-from-server');
    await form.getByRole('button', { name: 'Start from this server' }).click();
    const started = page.getByRole('status').filter({ hasText: 'Your workspace' });
    await started.waitFor({ timeout: 30_000 });
    const said = await started.innerText();
    expect(said).toContain('production is marked production: every push to it first shows what it would send, and goes only once you confirm.');
    expect(said).toContain("You are a user on production, not an admin, and so here: your agency's admins manage users and divisions.");
    await checkScreen(page, 'agency-02-broker-started');
    await page.getByRole('button', { name: 'Open PlanDesk' }).click();

    // What a user cannot do is not offered.
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Inspector' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Divisions' }).count()).toBe(0);
    await openScreen(page, '#/users', 'Users');
    await page.getByText(/^Only an admin manages users\. You are a user here, not an admin/).waitFor();
    expect(await page.getByRole('button', { name: 'Add user' }).count()).toBe(0);
    await checkScreen(page, 'agency-03-broker-users-not-offered');
  });

  it('at 5,000 employers, the queue and the push to production name each plan with its employer, in counts of thousands', async () => {
    const { page } = app;
    await fillAgency(app.workspaceDir, EMPLOYERS, year);
    await openSync(page);
    // The fill held this process (the web server's too) for a while: the connection is tested afresh.
    await page.getByRole('button', { name: 'Test production' }).click();
    await page.getByText(/^Online/).waitFor();
    expect(await waitingCount(page)).toBe('Waiting: production 15,000');
    await page.getByRole('radio', { name: 'Not sent yet (15,000)' }).waitFor();
    // Newest first: the last employer's plans, each named with its employer.
    const queue = page.getByRole('table', { name: 'Queue of production' });
    await queue.getByRole('link', { name: new RegExp(` ${EMPLOYERS - 1} / Gold PPO ${year}$`) }).waitFor();
    await queue.getByRole('link', { name: new RegExp(` ${EMPLOYERS - 1} / Dental DPPO ${year}$`) }).waitFor();
    await checkScreen(page, 'agency-04-broker-queue-15000');

    await page.getByRole('button', { name: 'Push to production', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Push to production?' });
    await dialog.getByText('5,000 employers').waitFor();
    await dialog.getByText('10,000 plans').waitFor();
    const names = await dialog.locator('#preview-names').innerText();
    expect(names).toMatch(new RegExp(`^Among them: .+ / (Dental DPPO|Gold PPO) ${year} \\(plan, create\\);`));
    expect(names).toMatch(/; and 14,992 more\.$/);
    await checkScreen(page, 'agency-05-broker-push-to-production');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    expect(app.errors()).toEqual([]);
  }, 120_000);
});

describe('an admin of the agency, and support staff, at 5,000 employers', () => {
  let app: RunningApp;
  afterAll(async () => {
    await app?.close();
  });

  it('first run says every missing field at once', async () => {
    app = await appAtScale();
    const { page } = app;
    await page.getByRole('heading', { name: 'Welcome to PlanDesk' }).waitFor();
    // The first field has the focus: leaving it for the button must not eat the press.
    await page.getByRole('button', { name: 'Set up workspace' }).click();
    await expect.poll(() => page.locator('.field-errors').count()).toBe(5);
    await checkScreen(page, 'agency-06-admin-first-run-errors');
    const form = page.getByRole('form', { name: 'Set up your workspace' });
    await form.getByRole('textbox', { name: 'Your first name' }).fill('Ann');
    await form.getByRole('textbox', { name: 'Your last name' }).fill('Lee');
    await form.getByRole('textbox', { name: 'Your work e-mail' }).fill('ann@harbor.example');
    await form.getByRole('textbox', { name: 'Your agency or account name' }).fill('Harbor Benefits');
    await form.getByRole('textbox', { name: 'First division' }).fill('Main');
    await page.getByRole('button', { name: 'Set up workspace' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Users' }).waitFor();
  });

  it('discards a change the server refused for permission, beside Retry', async () => {
    const { page } = app;
    // A server where this token's user is not an admin (a workspace made before roles came from the server).
    await openSync(page);
    await addEnvironmentByForm(page, { name: 'agency', url: remote.url, token: brokerToken });
    await openScreen(page, '#/users', 'Users');
    const add = page.getByRole('form', { name: 'Add a user' });
    await add.getByRole('textbox', { name: /^E-mail/ }).fill('sam@harbor.example');
    await add.getByRole('textbox', { name: /^First name/ }).fill('Sam');
    await add.getByRole('textbox', { name: /^Last name/ }).fill('Park');
    await add.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('status').filter({ hasText: 'sam@harbor.example was added.' }).waitFor();
    await openSync(page);
    expect(await pushAndWait(page, 'agency')).toContain('Pushed 0, failed 1; 0 still waiting.');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'sam@harbor.example' }) });
    await row.getByText(/^the token of agency may not do this: You do not have permission/).waitFor();
    await row.getByRole('button', { name: 'Retry sam@harbor.example' }).waitFor();
    await row.getByRole('button', { name: 'Discard… sam@harbor.example' }).click();
    await checkScreen(page, 'agency-07-admin-discard-asked');
    await row.getByRole('button', { name: 'Undo it here sam@harbor.example' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'sam@harbor.example is undone here: it is removed from this computer, and nothing of it goes to agency.' })
      .waitFor();
    await page.getByText('Nothing has changed here since the last push to agency.').waitFor();
    await checkScreen(page, 'agency-08-admin-discarded');
    expect((await app.call('GET', '/users/summaries/')).body).toEqual([expect.objectContaining({ email: 'ann@harbor.example' })]);
  });

  it('finds employers among 5,000 and moves many to another division at once', async () => {
    const { page } = app;
    await fillAgency(app.workspaceDir, EMPLOYERS, year);
    await openScreen(page, '#/divisions', 'Divisions');
    const add = page.getByRole('form', { name: 'Add a division' });
    await add.getByRole('textbox', { name: /^Division name/ }).fill('West');
    await add.getByRole('button', { name: 'Add division' }).click();
    await page.getByRole('status').filter({ hasText: 'West was added.' }).waitFor();
    await page.getByText('5,000 of 5,000 employers shown; 0 selected').waitFor();
    // One screenful of rows, not 5,000 selects down a page a quarter of a million pixels long.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2500);
    expect(await page.getByRole('table', { name: 'Employers by division' }).getByRole('checkbox').count()).toBeLessThan(60);

    await page.getByRole('searchbox', { name: 'Find employers' }).fill('harbor');
    await page.getByText('3 of 5,000 employers shown; 0 selected').waitFor();
    await page.getByRole('button', { name: 'Select the 3 shown' }).click();
    await page.getByRole('combobox', { name: 'Move the 3 selected employers to' }).selectOption({ label: 'West' });
    await checkScreen(page, 'agency-09-admin-divisions-search');
    await page.getByRole('button', { name: 'Move 3 to West' }).click();
    await page.getByRole('status').filter({ hasText: '3 employers moved to West.' }).waitFor();
    await page.getByRole('combobox', { name: 'In division' }).selectOption({ label: 'West' });
    await page.getByRole('searchbox', { name: 'Find employers' }).fill('');
    await page.getByText('3 of 5,000 employers shown; 0 selected').waitFor();
    const divisions = page.getByRole('table', { name: 'Divisions' });
    await divisions.getByRole('row', { name: /^Main 1 4,997/ }).waitFor();
    await divisions.getByRole('row', { name: /^West 1 3/ }).waitFor();
    await checkScreen(page, 'agency-10-admin-divisions-moved');
    await openScreen(page, '#/users', 'Users');
    await page.getByRole('cell', { name: 'Admin', exact: true }).waitFor();
    await checkScreen(page, 'agency-11-admin-users');
  }, 120_000);

  it("support finds one plan among 5,000 of its title by its employer, and sees each plan's employer, kind and year", async () => {
    const { page } = app;
    await openScreen(page, '#/inspector', 'Inspector');
    const search = page.getByRole('searchbox', { name: /^Local id, remote id, name, title or e-mail/ });
    await search.fill(`Dental DPPO ${year}`);
    await search.press('Enter');
    await page
      .getByRole('status')
      .filter({
        hasText: `5,000 records match “Dental DPPO ${year}”; the first 200 are shown. Narrow it with more of the name, or find a plan by its employer and title`,
      })
      .waitFor();
    const matches = page.getByRole('table', { name: 'Matches' });
    expect(await matches.getByRole('row').count()).toBe(201);
    expect(await matches.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
      `Dental DPPO ${year}`,
      'Dental',
      expect.any(String),
      String(year),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    await checkScreen(page, 'agency-12-support-200-of-5000');

    await search.fill(`harbor freight / dental`);
    await search.press('Enter');
    await page.getByRole('status').filter({ hasText: '1 record matches “harbor freight / dental”.' }).waitFor();
    await matches.getByRole('cell', { name: 'Harbor Freight Lines' }).waitFor();
    await matches.getByRole('link', { name: `Dental DPPO ${year}` }).click();
    await page.getByRole('heading', { level: 2, name: `plan Dental DPPO ${year} of Harbor Freight Lines (Dental, from ${year}-01-01)` }).waitFor();
    await page.getByRole('button', { name: 'Export this record (JSON)' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved plan-.+\.json to your downloads\.$/ })
      .waitFor();
    await checkScreen(page, 'agency-13-support-one-plan');

    await openSync(page);
    // The fill held this process (the web server's too): the connection is tested afresh.
    await page.getByRole('button', { name: 'Test agency' }).click();
    await page.getByText(/^Online/).waitFor();
    // The 15,000 records, and West with the employers moved there.
    await page.getByRole('radio', { name: 'Not sent yet (15,001)' }).waitFor();
    await checkScreen(page, 'agency-14-admin-queue');
    expect(app.errors()).toEqual([]);
  }, 120_000);
});
