// Spreadsheet import in real Chromium (web mode): a sheet previewed with its errors on the cells, a
// column re-matched, the valid rows imported and queued, and the rejected rows saved as a CSV file
// to fix and import again. Screens are saved in e2e-screenshots/.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { csvBytes, xlsxBytes } from '../import/support/sheets.js';
import { axeViolations } from './support/axe.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';

let app: RunningApp;
let page: Page;
let division: string;

const call = (method: string, path: string, body?: unknown) => app.call(method, path, body);

async function employerNames(): Promise<string[]> {
  return ((await call('GET', '/employers/list/')).body as { name: string }[]).map((employer) => employer.name).sort();
}

const summary = () => page.locator('.import-summary');

const sheet = csvBytes(
  [
    ['Company', 'Web address', 'Eligible employees', 'NAICS codes', 'States'],
    ['Northwind Traders', 'https://northwind.example.com', '240', '424410', 'WA; OR'],
    ['Globex', 'globex.example.com', 'about 90', '12345', 'CA'],
    ['Initech', 'https://initech.example.com', '1,200', '541511, 541512', 'TX'],
    [],
    ['Acme Widgets', 'https://acme.example.com', '250', '', 'NV'],
  ],
  { delimiter: ';', bom: true },
);

beforeAll(async () => {
  app = await startApp({ setUp: true });
  page = app.page;
  division = ((await call('GET', '/divisions/list/')).body as { id: string }[])[0]!.id;
  const existing = await call('POST', '/employers/', {
    name: 'Acme Widgets',
    url: 'https://acme.example.com',
    size: '250',
    naics_codes: [],
    location_states: [],
    other_filters: [],
    division,
  });
  expect(existing.status).toBe(200);
});

afterAll(async () => {
  await app?.close();
});

describe('importing a spreadsheet of employers', () => {
  it('previews every row with its errors, before a column is matched', async () => {
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import a spreadsheet' }).waitFor();
    await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: sheet });
    await summary().waitFor();
    // "Company" is neither a field's name nor its label: every row lacks a name until it is matched.
    expect(await summary().textContent()).toContain('4 rows in “clients.csv”: 0 to create, 0 already there, 4 with errors');
    expect(await page.getByLabel('Company').inputValue()).toBe('');
    expect(await page.getByLabel('Web address').inputValue()).toBe('url');
    expect(
      await page
        .getByRole('row', { name: /^1 · Has errors/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('name: This field is required.');
    await screenshot(page, 'import-01-preview-unmatched');
  });

  it('re-previews when a column is matched by hand, with each error on its cell', async () => {
    await page.getByLabel('Company').selectOption('name');
    await expect.poll(() => summary().textContent()).toContain('4 rows in “clients.csv”: 2 to create, 1 already there, 1 with errors');
    const globex = page.getByRole('row', { name: /^2 · Has errors/ });
    const invalid = globex.locator('[aria-invalid="true"]');
    expect(await invalid.count()).toBe(3);
    expect(await invalid.nth(0).getAttribute('title')).toBe("Enter a valid URL starting with 'https://' or 'http://', with a host name.");
    expect(
      await page
        .getByRole('row', { name: /^4 · Already there/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('An employer named "Acme Widgets" is already there.');
    expect(await employerNames()).toEqual(['Acme Widgets']);
    expect(await axeViolations(page), 'import preview').toEqual([]);
    await screenshot(page, 'import-02-preview-matched');
  });

  it('imports the valid rows, queued for sync, and reports the rest', async () => {
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByRole('heading', { level: 2, name: 'Imported' }).waitFor();
    expect(await page.locator('.import-done [role="status"]').textContent()).toBe('2 created and queued for sync, 1 already there, 1 rejected.');
    expect(await employerNames()).toEqual(['Acme Widgets', 'Initech', 'Northwind Traders']);
    const initech = ((await call('GET', '/employers/list/')).body as { id: string; name: string }[]).find((employer) => employer.name === 'Initech')!;
    expect((await call('GET', `/employers/${initech.id}/`)).body).toMatchObject({ size: '1200', naics_codes: ['541511', '541512'], location_states: ['TX'] });
    await screenshot(page, 'import-03-done');
  });

  it('saves the rejected rows as a CSV file that says what to fix', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('clients-rejected.csv');
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Company,Web address,Eligible employees,NAICS codes,States,Import problems');
    expect(lines[1]).toMatch(
      /^Globex,globex\.example\.com,about 90,12345,CA,"Web address: Enter a valid URL.*; Eligible employees: .*; NAICS codes: '12345' is not a 6-digit NAICS code\."$/,
    );
    expect(app.errors()).toEqual([]);
  });
});

describe("importing plans from an employer's page", () => {
  const headers = [
    'Plan title',
    'Carrier',
    'Start date',
    'End date',
    'Offered to part-time employees',
    'Funding',
    'T1 EE',
    'T2 EE',
    'T3 EE',
    'T4 EE',
    'T1 gross',
    'T2 gross',
    'T3 gross',
    'T4 gross',
    'exam_frequency',
    'lenses_frequency',
    'frames_frequency',
    'contacts_frequency',
    'exam_copay',
    'lenses_copay',
    'frames_allowance',
    'contacts_allowance',
  ];
  const row = [
    'VSP Choice',
    'VSP',
    new Date(2027, 0, 1),
    new Date(2027, 11, 31),
    true,
    'FUNDING_FULLY',
    60,
    120,
    125,
    190,
    96,
    180,
    190,
    290,
    12,
    12,
    24,
    12,
    10,
    25,
    150,
    150,
  ];
  const book = xlsxBytes({ Notes: [['Renewal notes'], ['call the carrier']], Vision: [headers, row] });

  it('reads the sheet chosen by name, and gives its rows the employer', async () => {
    const northwind = ((await call('GET', '/employers/list/')).body as { id: string; name: string }[]).find(
      (employer) => employer.name === 'Northwind Traders',
    )!;
    await page.goto(`${new URL(page.url()).origin}/#/employers/${northwind.id}`);
    await page.getByRole('button', { name: 'Import plans…' }).click();
    await page.getByText('Plans whose row names no employer go to Northwind Traders.').waitFor();
    await page.getByLabel('Rows are').selectOption('vision');
    await page
      .getByLabel('Spreadsheet file')
      .setInputFiles({ name: 'renewal.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: book });
    await expect.poll(() => summary().textContent()).toContain('1 row in “Notes”');
    await page.getByLabel('Sheet', { exact: true }).selectOption('Vision');
    await expect.poll(() => summary().textContent()).toContain('1 row in “Vision”: 1 to create, 0 already there, 0 with errors');
    await screenshot(page, 'import-04-plans-xlsx');
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByRole('heading', { level: 2, name: 'Imported' }).waitFor();
    const employer = (await call('GET', `/employers/${northwind.id}/`)).body as { plans: { benefit: string; id: string }[] };
    expect(employer.plans.map((plan) => plan.benefit)).toEqual(['vision']);
    expect((await call('GET', `/plans/vision/${employer.plans[0]!.id}/`)).body).toMatchObject({
      title: 'VSP Choice',
      start_date: '2027-01-01',
      pt: true,
      t4_gross: 290,
    });
    expect(app.errors()).toEqual([]);
  });
});
