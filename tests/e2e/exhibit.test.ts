// The renewal exhibit in Chromium (web mode), as a broker uses it: from the employer's page to the
// exhibit, enrollment typed and kept, an alternative added, and one click to the PDF, whose text is
// the exhibit's. Screenshots go to e2e-screenshots/ for a person to look at.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createExhibitWorkspace, type ExhibitWorkspace } from '../support/exhibit-workspace.js';
import { axeViolations } from './support/axe.js';
import { screenshot, startApp, type RunningApp } from './support/browser.js';

const SCREENSHOTS = fileURLToPath(new URL('../../e2e-screenshots/', import.meta.url));
let dir: string;
let ws: ExhibitWorkspace;
let app: RunningApp;
let page: Page;

const exhibit = () => page.locator('.exhibit-screen__document');
const tierInput = (label: string) => page.locator('.exhibit-enrollment label').filter({ hasText: label }).locator('input');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-e2e-exhibit-'));
  ws = await createExhibitWorkspace(join(dir, 'ws'));
  app = await startApp({ workspaceDir: join(dir, 'ws') });
  page = app.page;
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the renewal exhibit', () => {
  it('opens from the employer on the newest plan year, with the renewal and the conversion', async () => {
    await page.evaluate((hash) => (window.location.hash = hash), `#/employers/${ws.employer}`);
    await page.getByRole('button', { name: 'Renewal exhibit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Renewal exhibit, plan year 2026' }).waitFor();
    await exhibit().getByRole('heading', { level: 2, name: 'Medical (with prescription): Gold PPO 2026' }).waitFor();
    await expect
      .poll(() => exhibit().getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['Medical (with prescription): Gold PPO 2026', 'Dental: Dental 2026']);
    const text = await exhibit().innerText();
    // tier 1 gross: $6,250 → $520.83 a month; $6,688 → $557.33; +$36.50, +7.0%
    for (const figure of ['Northwind Benefits', '$520.83', '$557.33', '+$36.50', '+7.0%', 'Changed']) expect(text).toContain(figure);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the enrollment typed per tier and shows the totals with it', async () => {
    for (const [label, count] of [
      ['Employee only', '10'],
      ['Employee + spouse', '2'],
      ['Employee + children', '3'],
      ['Employee + family', '5'],
    ] as const) {
      await tierInput(label).fill(count);
    }
    await page.getByRole('button', { name: 'Save enrollment' }).click();
    await page.getByRole('status').filter({ hasText: 'Enrollment saved' }).waitFor();
    await exhibit().getByText('Total cost for 20 enrolled employees').first().waitFor();
    // 10 × 6,250 + 2 × 12,500 + 3 × 11,250 + 5 × 18,750 = $215,000 now; $230,059 at renewal
    expect(await exhibit().innerText()).toContain('$230,059.00');
    await page.reload();
    await exhibit().getByText('Total cost for 20 enrolled employees').first().waitFor();
    expect(await tierInput('Employee + family').inputValue()).toBe('5');
  });

  it('refuses an enrollment that is not a count, keeping the saved one', async () => {
    await tierInput('Employee + spouse').fill('two');
    await page.getByRole('button', { name: 'Save enrollment' }).click();
    await page.getByRole('alert').filter({ hasText: 'Employee + spouse: “two” is not a number. Type employee + spouse enrollment in digits' }).waitFor();
    expect(await tierInput('Employee + spouse').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await screenshot(page, 'exhibit-enrollment-error');
    expect(await axeViolations(page)).toEqual([]);
    await tierInput('Employee + spouse').fill('2');
    expect(await exhibit().innerText()).toContain('$230,059.00');
  });

  it('fills the four tiers from a census row pasted into the first box', async () => {
    await tierInput('Employee only').focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '10\t2\t3\t5\r\n');
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect
      .poll(() => Promise.all(['Employee only', 'Employee + spouse', 'Employee + children', 'Employee + family'].map((label) => tierInput(label).inputValue())))
      .toEqual(['10', '2', '3', '5']);
  });

  it('adds an alternative the broker picks', async () => {
    await page.getByRole('checkbox', { name: /Harbor HDHP 2026/ }).check();
    await exhibit().getByRole('heading', { level: 2, name: 'Medical (with prescription): Harbor HDHP 2026' }).waitFor();
    expect(await exhibit().innerText()).toContain('Alternative: Harbor HDHP 2026 (Beacon Mutual');
    await screenshot(page, 'exhibit-screen');
  });

  it('prints the window as the exhibit alone, the agency heading every page (what printToPDF makes in the desktop app)', async () => {
    const file = join(dir, 'window.pdf');
    await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
    const pages = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((text) => text.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    for (const text of pages) expect(text).toMatch(/Northwind Benefits · Harbor Foods · Plan year 2026 · \d{4}-\d{2}-\d{2}/);
    expect(pages.join('')).not.toContain('Save enrollment');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(SCREENSHOTS, 'exhibit-window-print')]);
  });

  it('saves the PDF in one click, made by the same Node path as the command line', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save as PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Renewal-exhibit-Harbor-Foods-2026.pdf');
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const figure of ['Northwind Benefits', 'Renewal exhibit: Harbor Foods', '$557.33', '$230,059.00', 'Alternative: Harbor HDHP 2026'])
      expect(text).toContain(figure);
    expect(app.errors()).toEqual([]);
  });
});
