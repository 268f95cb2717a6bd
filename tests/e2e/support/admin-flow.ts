// Steps the admin screens' end-to-end tests share: the local service as the app's own core calls
// it, an environment added through the sync center's form, a push and its outcome, and the look
// of each screen (axe-core and a screenshot).
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { screenshot, type RunningApp } from './browser.js';

/** One call to the workspace's local service, as the window's bridge makes it; fails unless 2xx. */
export async function localOk(app: RunningApp, method: string, path: string, body?: unknown): Promise<any> {
  const response = await app.call(method, path, body);
  if (response.status >= 300) throw new Error(`local ${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The workspace's own division ('Main'). */
export async function mainDivision(app: RunningApp): Promise<string> {
  return ((await localOk(app, 'GET', '/divisions/list/')) as { id: string }[])[0]!.id;
}

export const employerBody = (division: string, name: string, url = 'https://www.example.com') => ({
  name,
  url,
  size: '50',
  naics_codes: [],
  location_states: ['CA'],
  other_filters: [],
  division,
});

export async function addEnvironmentByForm(page: Page, env: { name: string; url: string; token: string; production?: boolean }): Promise<void> {
  const form = page.getByRole('form', { name: 'Add an environment' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(env.name);
  await form.getByRole('textbox', { name: /^Base URL/ }).fill(env.url);
  await form.getByLabel(/^API token/).fill(env.token);
  if (env.production) await form.getByRole('checkbox', { name: /^Production/ }).check();
  await form.getByRole('button', { name: 'Save environment' }).click();
  await page.getByRole('cell', { name: env.name, exact: false }).first().waitFor();
}

/** Opens a screen by its address, reloaded so that it reads what the test changed behind the window's back. */
export async function openScreen(page: Page, hash: string, heading: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/${hash}`);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

export const openSync = (page: Page) => openScreen(page, '#/sync', 'Sync');

/** Pushes (from `where`: the page, or a production push's confirmation) and waits for the outcome line of that environment; answers its text. */
export async function pushAndWait(where: Page | Locator, env: string): Promise<string> {
  await where
    .getByRole('button', { name: `Push to ${env}`, exact: true })
    .first()
    .click();
  const page = 'page' in where ? where.page() : where;
  const outcome = page.getByRole('status').filter({ hasText: `${env}:` });
  await outcome.waitFor({ timeout: 30_000 });
  return outcome.innerText();
}

/** No axe-core violation on the screen as it stands, and its screenshot saved. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, name);
}
