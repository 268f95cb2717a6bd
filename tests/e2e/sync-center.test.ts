// The sync center in real Chromium against a real `plandesk serve`: a rejected token said plainly;
// an offline remote said so, with nothing blocked; one record the remote refuses while the rest go
// through, retried, fixed and pushed; staging, then production after its confirmation, with
// separate ids.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordInspection } from '../../shared/inspector.js';
import { startApp, TEST_WORKSPACE, type RunningApp } from './support/browser.js';
import { addEnvironmentByForm, checkScreen, employerBody, localOk, mainDivision, openScreen, openSync, pushAndWait } from './support/admin-flow.js';
import { startServeRemote, type ServeRemote } from './support/serve-remote.js';

let app: RunningApp | undefined;
const remotes: ServeRemote[] = [];

afterEach(async () => {
  await app?.close();
  await Promise.all(remotes.splice(0).map((remote) => remote.close()));
  app = undefined;
});

async function renameDivision(page: Page, from: string, to: string): Promise<void> {
  await openScreen(page, '#/divisions', 'Divisions');
  await page.getByRole('button', { name: `Rename ${from}` }).click();
  await page.getByRole('textbox', { name: `New name of ${from}` }).fill(to);
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByText(`${from} is now ${to}.`).waitFor();
}

async function remote(): Promise<ServeRemote> {
  const started = await startServeRemote();
  remotes.push(started);
  return started;
}

describe('sync center', () => {
  it('says plainly that the remote rejected the token, sends nothing, and works once a valid token is typed', async () => {
    const staging = await remote();
    app = await startApp({ setUp: true });
    const { page } = app;
    await localOk(app, 'POST', '/employers/', employerBody(await mainDivision(app), 'Harbor Freight Lines'));
    await openSync(page);
    await addEnvironmentByForm(page, { name: 'staging', url: staging.url, token: 'not-the-token' });
    await page.getByRole('cell', { name: 'Token rejected', exact: true }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('not-the-token');

    expect(await pushAndWait(page, 'staging')).toContain('staging rejected the token. Edit staging and type a valid token; nothing was sent.');
    expect(await staging.ok('GET', '/employers/list/')).toEqual([]);
    await checkScreen(page, 'sync-token-rejected');

    await page.getByRole('button', { name: 'Edit staging' }).click();
    const form = page.getByRole('form', { name: 'Change staging' });
    await form.getByLabel(/^New API token/).fill(staging.token);
    await form.getByRole('button', { name: 'Save staging' }).click();
    await page.getByRole('button', { name: 'Test staging' }).click();
    await page.getByText(/^Online · \d+ ms$/).waitFor();
    expect(await pushAndWait(page, 'staging')).toMatch(/failed 0; 0 still waiting/);
    expect((await staging.ok('GET', '/employers/list/')).map((employer: { name: string }) => employer.name)).toEqual(['Harbor Freight Lines']);
    await page.getByRole('link', { name: 'Waiting: staging 0' }).waitFor();
  });

  it('says an environment is offline, and the app keeps working while it is', async () => {
    const staging = await remote();
    app = await startApp({ setUp: true });
    const { page } = app;
    await app.core.invoke('saveEnvironment', [{ name: 'staging', url: staging.url, token: staging.token }]);
    await staging.close();
    await localOk(app, 'POST', '/employers/', employerBody(await mainDivision(app), 'Harbor Freight Lines'));
    await openSync(page);
    await page.getByText('Offline · staging is unreachable (connection refused)').waitFor();
    expect(await pushAndWait(page, 'staging')).toMatch(/^staging: staging is unreachable \(connection refused\)/);
    await page.getByRole('link', { name: 'Waiting: staging 1' }).waitFor();
    await checkScreen(page, 'sync-offline');
    await openScreen(page, '#/employers', 'Employers');
    await page.getByText('Harbor Freight Lines').first().waitFor();
  });

  it('fails only the record the remote refused, says why, and sends it once retried and fixed', async () => {
    const staging = await remote();
    app = await startApp({ setUp: true });
    const { page } = app;
    await localOk(app, 'POST', '/divisions/', { name: 'West Region', users: [TEST_WORKSPACE.email], employer_ids: [] });
    const harbor = await localOk(app, 'POST', '/employers/', employerBody(await mainDivision(app), 'Harbor Freight Lines'));
    await app.core.invoke('saveEnvironment', [{ name: 'staging', url: staging.url, token: staging.token }]);
    await openSync(page);
    expect(await pushAndWait(page, 'staging')).toMatch(/failed 0; 0 still waiting/);

    // Meanwhile someone made a division 'Pacific' there; here West Region is renamed to 'PACIFIC'.
    await staging.ok('POST', '/divisions/', { name: 'Pacific', users: [], employer_ids: [] });
    await renameDivision(page, 'West Region', 'PACIFIC');
    await localOk(app, 'PUT', `/employers/${harbor.id}/`, { ...employerBody(harbor.division, 'Harbor Freight Lines'), size: '75' });
    await openSync(page);
    expect(await pushAndWait(page, 'staging')).toMatch(/Pushed 1, failed 1/);
    const queue = page.getByRole('table', { name: 'Queue of staging' });
    const failedRow = queue.getByRole('row').filter({ hasText: 'PACIFIC' });
    await failedRow.getByText('Failed').waitFor();
    expect(await failedRow.innerText()).toContain("staging already has another division named 'Pacific'");
    // Sent records are a filter away from those not sent yet.
    await page.getByRole('radio', { name: /^All \(/ }).check();
    await queue.getByRole('row').filter({ hasText: 'Harbor Freight Lines' }).getByText('Sent').waitFor();
    await checkScreen(page, 'sync-queue-refused');

    // Retried as it is, the remote refuses it again.
    await failedRow.getByRole('button', { name: 'Retry PACIFIC' }).click();
    await failedRow.getByText('Waiting', { exact: true }).waitFor();
    expect(await pushAndWait(page, 'staging')).toMatch(/failed 1/);
    await failedRow.getByText('Failed').waitFor();

    // Fixed here: the change waits again and goes through.
    await renameDivision(page, 'PACIFIC', 'Pacific Northwest');
    await openSync(page);
    expect(await pushAndWait(page, 'staging')).toMatch(/failed 0; 0 still waiting/);
    const names = (await staging.ok('GET', '/divisions/list/')).map((division: { name: string }) => division.name);
    expect(names.sort()).toEqual(['Main', 'Pacific', 'Pacific Northwest']);
  });

  it('pushes to staging, then suggests production, shows what would be sent and pushes only once confirmed; the ids differ', async () => {
    const staging = await remote();
    const production = await remote();
    app = await startApp({ setUp: true });
    const { page } = app;
    const employer = await localOk(app, 'POST', '/employers/', employerBody(await mainDivision(app), 'Summit Bakery'));
    await openSync(page);
    await addEnvironmentByForm(page, { name: 'staging', url: staging.url, token: staging.token });
    await addEnvironmentByForm(page, { name: 'production', url: production.url, token: production.token, production: true });
    await page.getByRole('cell', { name: /production\s*production/ }).waitFor();

    expect(await pushAndWait(page, 'staging')).toMatch(/failed 0; 0 still waiting/);
    await page.getByRole('button', { name: 'Push to production next' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Push to production?' });
    // The dialog opens once its dry run is in; reading its items before then would read none.
    await confirm.waitFor();
    expect(await confirm.getByRole('listitem').allInnerTexts()).toEqual(['1 employer']);
    await checkScreen(page, 'sync-production-confirmation');
    await confirm.getByRole('button', { name: 'Not now' }).click();
    expect(await production.ok('GET', '/employers/list/')).toEqual([]);

    await page.getByRole('button', { name: 'Push to production', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Push to production?' }).getByRole('button', { name: 'Push to production' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'production:' })
      .getByText(/failed 0; 0 still waiting/)
      .waitFor({ timeout: 30_000 });
    await checkScreen(page, 'sync-center');

    const inspection = (await app.core.invoke('inspectRecord', [employer.id])) as RecordInspection;
    const ids = Object.fromEntries(inspection.sync.map((state) => [state.env, state.remote_id]));
    expect((await staging.ok('GET', '/employers/list/'))[0].id).toBe(ids['staging']);
    expect((await production.ok('GET', '/employers/list/'))[0].id).toBe(ids['production']);
    expect(ids['staging']).not.toBe(ids['production']);
  });
});
