// Spreadsheet import in real Chromium (web mode): a sheet previewed with its errors on the cells, a
// column re-matched, the valid rows imported and queued, and the rejected rows saved as a CSV file
// to fix and import again. Screens are saved in e2e-screenshots/.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BridgeResponse } from '../../shared/bridge.js';
import { csvBytes } from '../import/support/sheets.js';
import { axeViolations } from './support/axe.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';

let app: RunningApp;
let page: Page;
let division: string;

async function call(method: string, path: string, body?: unknown): Promise<BridgeResponse> {
  return (await app.core.invoke('call', body === undefined ? [method, path] : [method, path, body], () => {})) as BridgeResponse;
}

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
  const existing = await call('POST', '/employers/', { name: 'Acme Widgets', url: 'https://acme.example.com', size: '250', naics_codes: [], location_states: [], other_filters: [], division });
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
    expect(await page.getByRole('row', { name: /^1 · Has errors/ }).getByRole('cell').first().textContent()).toBe('name: This field is required.');
    await screenshot(page, 'import-01-preview-unmatched');
  });

  it('re-previews when a column is matched by hand, with each error on its cell', async () => {
    await page.getByLabel('Company').selectOption('name');
    await expect.poll(() => summary().textContent()).toContain('4 rows in “clients.csv”: 2 to create, 1 already there, 1 with errors');
    const globex = page.getByRole('row', { name: /^2 · Has errors/ });
    const invalid = globex.locator('[aria-invalid="true"]');
    expect(await invalid.count()).toBe(3);
    expect(await invalid.nth(0).getAttribute('title')).toBe("Enter a valid URL starting with 'https://' or 'http://', with a host name.");
    expect(await page.getByRole('row', { name: /^4 · Already there/ }).getByRole('cell').first().textContent()).toBe('An employer named "Acme Widgets" is already there.');
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
    expect(lines[1]).toMatch(/^Globex,globex\.example\.com,about 90,12345,CA,"Web address: Enter a valid URL.*; Eligible employees: .*; NAICS codes: '12345' is not a 6-digit NAICS code\."$/);
    expect(app.errors()).toEqual([]);
  });
});
