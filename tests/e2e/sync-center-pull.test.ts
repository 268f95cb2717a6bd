// The sync center at scale and both ways, in real Chromium against a real `plandesk serve`: records
// got from an environment with their counts and the pull's conflict in the same cards; 3,000
// records whose queue stays the height of a screen, filtered by state, with the conflicts one jump
// away and Edit under its row; progress by record name; what a push would send for any
// environment; and after a restore, each environment asking for its token again.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResponse } from '../../shared/bridge.js';
import { checkScreen, employerBody, localOk, mainDivision, openScreen, openSync, pushAndWait } from './support/admin-flow.js';
import { startApp, type RunningApp } from './support/browser.js';
import { startServeRemote, type ServeRemote } from './support/serve-remote.js';

let app: RunningApp | undefined;
const remotes: ServeRemote[] = [];

afterEach(async () => {
  await app?.close();
  await Promise.all(remotes.splice(0).map((remote) => remote.close()));
  app = undefined;
});

async function remote(): Promise<ServeRemote> {
  const started = await startServeRemote();
  remotes.push(started);
  return started;
}

async function saveStaging(running: RunningApp, staging: ServeRemote): Promise<void> {
  const saved = (await running.core.invoke('saveEnvironment', [{ name: 'staging', url: staging.url, token: staging.token }])) as BridgeResponse;
  expect(saved.status).toBe(200);
}

/** Gets records and waits for the outcome line of that environment; answers its text. */
async function getRecordsAndWait(page: Page, env: string): Promise<string> {
  await page.getByRole('button', { name: `Get records from ${env}` }).click();
  const outcome = page.getByRole('status').filter({ hasText: `${env}:` });
  await outcome.waitFor({ timeout: 30_000 });
  return outcome.innerText();
}

describe('the sync center', () => {
  it('gets records from an environment with their counts, and shows a record changed on both sides in the conflict cards', async () => {
    const staging = await remote();
    const summit = await staging.ok('POST', '/employers/', employerBody(staging.division, 'Summit Bakery', 'https://summit.example.com'));
    app = await startApp({ setUp: true });
    const { page } = app;
    await saveStaging(app, staging);
    await openSync(page);
    expect(await getRecordsAndWait(page, 'staging')).toMatch(/^staging: Got [1-9]\d* new, 0 changed, 0 removed; \d+ unchanged\.$/);
    await page.getByRole('row').filter({ hasText: 'staging' }).getByRole('cell', { name: 'just now' }).waitFor();

    // Changed there and here since.
    const [local] = (await localOk(app, 'GET', '/employers/list/')) as { id: string }[];
    await localOk(app, 'PUT', `/employers/${local!.id}/`, {
      ...employerBody(await mainDivision(app), 'Summit Bakery', 'https://summit.example.com'),
      size: '75',
    });
    await staging.ok('PUT', `/employers/${summit.id}/`, { ...employerBody(staging.division, 'Summit Bakery', 'https://summit-bakery.example.com') });
    await openSync(page);
    expect(await getRecordsAndWait(page, 'staging')).toContain('1 conflict waits for a decision below.');
    const card = page.getByRole('article', { name: 'Employer Summit Bakery' });
    await card.getByRole('group', { name: 'Decide Summit Bakery' }).waitFor();
    expect(await card.getByRole('button').allInnerTexts()).toEqual([
      "Keep this computer's",
      "Take staging's",
      'Link to a record on staging…',
      'Skip for staging',
    ]);
    await checkScreen(page, 'sync-pull-conflict');
    await card.getByRole('button', { name: "Take staging's" }).click();
    await page.getByText("Summit Bakery now has staging's values.").waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'staging: Got' }).count()).toBe(0);
    expect((await localOk(app, 'GET', `/employers/${local!.id}/`)).url).toBe('https://summit-bakery.example.com');
  });

  it('keeps 3,000 records to a screen: the queue filtered and virtualised, conflicts one jump away, Edit under its row, progress by name', async () => {
    const staging = await remote();
    app = await startApp({ setUp: true });
    const { page } = app;
    const division = await mainDivision(app);
    for (let i = 0; i < 3000; i += 1)
      await localOk(app, 'POST', '/employers/', employerBody(division, `Employer ${String(i).padStart(4, '0')}`, `https://employer-${i}.example.com`));
    // Someone entered one of them there already, with another address: a conflict.
    await staging.ok('POST', '/employers/', employerBody(staging.division, 'Employer 0007', 'https://elsewhere.example.com'));
    await saveStaging(app, staging);
    await openSync(page);

    // What a push would send, for an environment that is not production too.
    await page.getByRole('button', { name: 'What would be sent to staging' }).click();
    const preview = page.getByRole('region', { name: 'What a push to staging would send' });
    await preview.waitFor();
    expect(await preview.getByRole('listitem').allInnerTexts()).toEqual(['3,000 employers']);
    await checkScreen(page, 'sync-dry-run');
    await preview.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Push to staging', exact: true }).click();
    const progress = page.getByRole('status').filter({ hasText: /^Pushing to staging, [\d,]+ of 3,000 records · employer Employer \d{4}/ });
    await progress.waitFor({ timeout: 30_000 });
    expect(await progress.innerText()).not.toMatch(/\/employers\//);
    const outcome = page.getByRole('status').filter({ hasText: 'staging: Pushed' });
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.innerText()).toBe('staging: Pushed 2,999, failed 1; 0 still waiting.');

    // The queue shows what is not sent yet; the sent ones are a filter away, and only those on screen are drawn.
    const queue = page.getByRole('table', { name: 'Queue of staging' });
    await queue.getByRole('row').filter({ hasText: 'Employer 0007' }).getByText('Conflict: needs a decision').waitFor();
    await page.getByRole('radio', { name: 'Sent (2,999)' }).check();
    await queue.getByRole('row').filter({ hasText: 'Sent' }).first().waitFor();
    expect(await queue.locator('tbody tr[data-index]').count()).toBeLessThan(60);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000);
    await page.getByRole('region', { name: /^Queue of staging, 2,999 records/ }).evaluate((element) => (element.scrollTop = element.scrollHeight));
    await queue.getByRole('row').filter({ hasText: 'Employer 0000' }).waitFor();
    await checkScreen(page, 'sync-queue-3000');

    await page.getByRole('button', { name: 'Go to the conflicts with staging' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Conflicts with staging');
    const card = page.getByRole('article', { name: 'Employer Employer 0007' });
    await card.getByRole('button', { name: "Keep this computer's" }).click();
    await page.getByText("Employer 0007: this computer's values are kept; the next push to staging sends them.").waitFor();
    expect(await outcome.count()).toBe(0);

    // Edit opens under its environment's row, not below the queue.
    const envRow = page.getByRole('table').first().getByRole('row').filter({ hasText: 'staging' }).first();
    await envRow.getByRole('button', { name: 'Edit staging' }).click();
    const form = page.getByRole('form', { name: 'Change staging' });
    const rowBox = (await envRow.boundingBox())!;
    const formBox = (await form.boundingBox())!;
    expect(formBox.y - (rowBox.y + rowBox.height)).toBeLessThan(40);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('url');
    await checkScreen(page, 'sync-edit-under-row');
  });

  it('says before a restore that tokens are not in backups; afterwards each environment asks for its token, one click from its form', async () => {
    const staging = await remote();
    app = await startApp({ setUp: true });
    const { page } = app;
    await saveStaging(app, staging);
    await localOk(app, 'POST', '/employers/', employerBody(await mainDivision(app), 'Harbor Freight Lines'));
    await openScreen(page, '#/backups', 'Backups');
    await page.getByRole('button', { name: 'Back up now' }).click();
    const name = /^Backed up as (.+)\.$/.exec(await page.getByText(/^Backed up as /).innerText())![1]!;
    const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Restore… ${name}` }).click();
    await row.getByText(/Backups hold no tokens: enter each environment's token again in Sync afterwards\./).waitFor();
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByText(/^Restored /).waitFor();

    await openSync(page);
    await page.getByRole('cell', { name: 'Enter the token again' }).waitFor();
    expect(await page.getByRole('button', { name: 'Push to staging' }).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('plandesk env set');
    await checkScreen(page, 'sync-token-after-restore');
    await page.getByRole('button', { name: 'Enter the token of staging' }).click();
    const form = page.getByRole('form', { name: 'Change staging' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await form.getByLabel(/^API token/).fill(staging.token);
    await form.getByRole('button', { name: 'Save staging' }).click();
    expect(await pushAndWait(page, 'staging')).toContain('Pushed 1, failed 0; 0 still waiting.');
  });
});
