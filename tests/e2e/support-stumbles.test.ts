// What got in the way of a new admin and support staff (issue 24), in Chromium at 1400×900: a first
// run that never asked the person's name, a search box where Enter did nothing, divisions as raw
// ids in a record's history, a CSV export in three downloads with no word said, a delete nobody
// confirmed, and backups that did not say when the last one was taken. Every fixed screen is
// checked with axe-core and saved as a screenshot.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { validPlanBody } from '../support/fixtures.js';
import { localOk } from './support/admin-flow.js';
import { axeViolations } from './support/axe.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';

let app: RunningApp;
let page: Page;
let downloads: string;
let initech: string;

const go = (hash: string) => page.evaluate((target) => (window.location.hash = target), hash);
const expectNoViolations = async (screen: string) => expect(await axeViolations(page), screen).toEqual([]);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1400, height: 900 } });
  page = app.page;
  downloads = mkdtempSync(join(tmpdir(), 'plandesk-e2e-downloads-'));
});

afterAll(async () => {
  await app?.close();
  rmSync(downloads, { recursive: true, force: true });
});

describe('a new admin and support staff', () => {
  it("first run asks the person's name, and Users shows it", async () => {
    await page.getByRole('heading', { level: 1, name: 'Welcome to PlanDesk' }).waitFor();
    await page.getByRole('button', { name: 'Set up workspace' }).click();
    await page.locator('.field-errors').first().waitFor();
    await expectNoViolations('welcome with errors');
    await page.getByRole('textbox', { name: 'Your first name' }).fill('Ann');
    await page.getByRole('textbox', { name: 'Your last name' }).fill('Lee');
    await page.getByRole('textbox', { name: 'Your work e-mail' }).fill('ann@acme.example');
    await page.getByRole('textbox', { name: 'Your agency or account name' }).fill('Acme Brokers');
    await page.getByRole('textbox', { name: 'First division' }).fill('Main');
    await screenshot(page, 'stumble-10-welcome-asks-the-name');
    await expectNoViolations('welcome');
    await page.getByRole('button', { name: 'Set up workspace' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await go('#/users');
    const row = page.getByRole('row').filter({ hasText: 'ann@acme.example' });
    await row.getByRole('cell', { name: 'Ann Lee', exact: true }).waitFor();
    await screenshot(page, 'stumble-11-users-with-the-name');
  });

  it("the inspector finds with Enter and shows a record's divisions by name", async () => {
    const main = ((await localOk(app, 'GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    const west = ((await localOk(app, 'POST', '/divisions/', { name: 'West', users: ['ann@acme.example'], employer_ids: [] })) as { id: string }).id;
    const employer = {
      name: 'Globex',
      url: 'https://globex.example',
      size: '120',
      naics_codes: [],
      location_states: ['NY'],
      other_filters: [],
      division: main,
    };
    const { id } = (await localOk(app, 'POST', '/employers/', employer)) as { id: string };
    await localOk(app, 'PUT', `/employers/${id}/`, { ...employer, division: west });

    await go('#/inspector');
    const search = page.getByRole('searchbox', { name: /Local id, remote id, name, title or e-mail/ });
    await search.fill('Globex');
    await search.press('Enter');
    await page
      .getByRole('table', { name: 'Matches' })
      .getByRole('link', { name: /Globex/ })
      .click();
    const history = page.getByRole('table', { name: 'History' });
    await history.getByText('division: Main → West').waitFor();
    expect(await history.innerText()).not.toMatch(UUID);
    await screenshot(page, 'stumble-12-history-divisions-by-name');
    await expectNoViolations('inspector with a record');
  });

  it('exports the workspace as CSV in one download, and says so', async () => {
    const main = ((await localOk(app, 'GET', '/divisions/list/')) as { id: string }[])[0]!.id;
    initech = (
      (await localOk(app, 'POST', '/employers/', {
        name: 'Initech',
        url: 'https://initech.example',
        size: '80',
        naics_codes: [],
        location_states: [],
        other_filters: [],
        division: main,
      })) as { id: string }
    ).id;
    await localOk(app, 'POST', '/plans/medical/', validPlanBody('medical', { employer: initech, from_plan: null, from_action: null }));
    await go('#/inspector');
    const seen: Download[] = [];
    page.on('download', (download) => seen.push(download));
    const first = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the workspace (CSV)' }).click();
    const download = await first;
    await page.getByRole('status').filter({ hasText: 'Saved plandesk-export-csv.zip to your downloads: employers.csv, plans-medical.csv.' }).waitFor();
    await page.waitForTimeout(500);
    expect(seen).toHaveLength(1);
    expect(download.suggestedFilename()).toBe('plandesk-export-csv.zip');
    const zip = join(downloads, 'export.zip');
    await download.saveAs(zip);
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')).toEqual(['employers.csv', 'plans-medical.csv']);
    await screenshot(page, 'stumble-13-export-confirmed');
    await expectNoViolations('inspector after an export');
  });

  it("a deleted plan is confirmed on the employer's page it leads to", async () => {
    const refs = (await localOk(app, 'GET', `/employers/${initech}/`)) as { plans: { id: string }[]; plans_expired: { id: string }[] };
    const [ref] = [...refs.plans, ...refs.plans_expired];
    const plan = (await localOk(app, 'GET', `/plans/medical/${ref!.id}/`)) as { id: string; title: string };
    await go(`#/plans/medical/${plan.id}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { level: 1, name: 'Initech' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Deleted the plan “${plan.title}”; the deletion is queued for sync.` })
      .waitFor();
    await screenshot(page, 'stumble-14-delete-confirmed');
    await expectNoViolations('employer page after a delete');
    await go('#/employers');
    await page.getByRole('heading', { level: 1, name: 'Employers' }).waitFor();
    expect(await page.getByText('Deleted the plan').count()).toBe(0);
  });

  it("Backups says when the last backup was taken: after the day's first change", async () => {
    await go('#/backups');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator('.last-backup').innerText();
        },
        { timeout: 10_000 },
      )
      .toMatch(/^Last backup: today at .+ \(plandesk-\d{4}-\d{2}-\d{2}\.db\)\.$/);
    await screenshot(page, 'stumble-15-backups-last-taken');
    await expectNoViolations('backups');
    expect(app.errors()).toEqual([]);
  });
});
