// A new laptop in real Chromium (web mode) against a real `plandesk serve`: the welcome screen
// starts the workspace from the agency's server (address and token), every record comes down
// linked and says where it came from; a pulled plan is renewed by keyboard, pushed, and read back
// from the server as the renewal of its plan there.
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordInspection, RecordSearch } from '../../shared/inspector.js';
import { planKind } from '../../shared/plans/index.js';
import { validPlanBody } from '../support/fixtures.js';
import { checkScreen, employerBody, pushAndWait } from './support/admin-flow.js';
import { startApp, type RunningApp } from './support/browser.js';
import { Keyboard } from './support/keyboard.js';
import { startServeRemote, type ServeRemote } from './support/serve-remote.js';

let app: RunningApp | undefined;
let remote: ServeRemote | undefined;

afterEach(async () => {
  await app?.close();
  await remote?.close();
  app = undefined;
  remote = undefined;
});

const year = new Date().getFullYear();
const medical = planKind('medical').label;

describe("start from the agency's server", () => {
  it('a new workspace from a served remote; a pulled plan renewed with the keyboard, pushed, and read back from the remote', async () => {
    remote = await startServeRemote();
    const employer = await remote.ok('POST', '/employers/', employerBody(remote.division, 'Harbor Freight Lines'));
    const plan = await remote.ok(
      'POST',
      '/plans/medical/',
      validPlanBody('medical', {
        employer: employer.id,
        title: `Harbor ${medical} ${year}`,
        start_date: `${year}-01-01`,
        end_date: `${year}-12-31`,
        from_plan: null,
        from_action: null,
      }),
    );
    // The agency's administrator made Dana a user of the server; the workspace is hers.
    await remote.ok('POST', '/users/', {
      username: 'dana',
      email: 'dana@harbor.example',
      first_name: 'Dana',
      last_name: 'Reyes',
      division_ids: [remote.division],
    });
    app = await startApp();
    const { page } = app;

    await page.getByRole('heading', { name: 'Welcome to PlanDesk' }).waitFor();
    await page.getByRole('button', { name: "Start from my agency's server" }).click();
    const form = page.getByRole('form', { name: "Start from your agency's server" });
    await form.getByRole('textbox', { name: /^Your first name/ }).fill('Dana');
    await form.getByRole('textbox', { name: /^Your last name/ }).fill('Reyes');
    // The agency's name is the server's: not asked.
    expect(await form.getByRole('textbox', { name: /^Your agency or account name/ }).count()).toBe(0);
    await form.getByRole('textbox', { name: /^Your work e-mail/ }).fill('dana@harbor.example');
    await form.getByRole('textbox', { name: /^Server address/ }).fill(remote.url);
    await form.getByLabel(/^Your API token/).fill('not-the-token');
    await checkScreen(page, 'start-from-server-form');
    await form.getByRole('button', { name: 'Start from this server' }).click();
    await form.getByText(`The server at ${remote.url} rejected this token; nothing was set up.`).waitFor();
    await checkScreen(page, 'start-from-server-token-rejected');
    await form.getByLabel(/^Your API token/).fill(remote.token);
    await form.getByRole('button', { name: 'Start from this server' }).click();
    const started = page.getByRole('status').filter({ hasText: 'Your workspace' });
    await started.waitFor({ timeout: 30_000 });
    expect(await started.locator('p').first().innerText()).toMatch(
      /^Your workspace is ready with the records of production\. Got [1-9]\d* new, 0 changed, 0 removed; \d+ unchanged\.$/,
    );
    await checkScreen(page, 'start-from-server-ready');
    await page.getByRole('button', { name: 'Open PlanDesk' }).click();
    await page.getByText('Acme Remote · dana@harbor.example').waitFor();

    // The employer list and page say where the employer came from.
    const row = page.getByRole('option', { name: /Harbor Freight Lines/ });
    await row.getByText('from production, just now').waitFor();
    await checkScreen(page, 'employers-pulled');
    await row.click();
    await page.getByRole('heading', { level: 1, name: 'Harbor Freight Lines' }).waitFor();
    await page.getByText('Pulled from production, just now').waitFor();

    // Renewed by keyboard, as a broker renews any plan.
    const keys = new Keyboard(page);
    await page.getByRole('link', { name: `Harbor ${medical} ${year}` }).click();
    await page.getByRole('button', { name: 'Renew' }).waitFor();
    await keys.press('Alt+r');
    await page.getByRole('heading', { level: 2, name: 'Step 2 of 7: Rates' }).waitFor();
    for (const value of ['1300', '5100', '4500', '7600', '8300', '16500', '15000', '23400']) {
      await keys.type(value);
      await keys.press('Enter');
    }
    for (let step = 0; step < 5; step += 1) await keys.press('PageDown');
    await page.getByRole('heading', { level: 2, name: 'Step 7 of 7: Review and save' }).waitFor();
    await keys.press('Control+s');
    await page.getByRole('heading', { level: 1, name: 'Harbor Freight Lines' }).waitFor();
    await page.getByRole('link', { name: `Harbor ${medical} ${year + 1}` }).waitFor();

    // Pushed, once confirmed (the server was saved as production): only the renewal goes, as the renewal of the server's own plan.
    await page.goto(`${new URL(page.url()).origin}/#/sync`);
    await page.getByRole('heading', { level: 1, name: 'Sync' }).waitFor();
    await page.getByRole('button', { name: 'Push to production', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Push to production?' });
    await confirm.getByText(`Among them: Harbor Freight Lines / Harbor ${medical} ${year + 1} (plan, create).`).waitFor();
    expect(await pushAndWait(confirm, 'production')).toContain('Pushed 1, failed 0; 0 still waiting.');
    const remoteEmployer = await remote.ok('GET', `/employers/${employer.id}/`);
    const refs = [...remoteEmployer.plans, ...remoteEmployer.plans_expired] as { benefit: string; id: string }[];
    expect(refs).toHaveLength(2);
    const renewal = await remote.ok('GET', `/plans/medical/${refs.find((ref) => ref.id !== plan.id)!.id}/`);
    expect(renewal).toMatchObject({ title: `Harbor ${medical} ${year + 1}`, from_plan: plan.id, start_date: `${year + 1}-01-01` });
    expect((await remote.ok('GET', '/employers/list/')).map((listed: { name: string }) => listed.name)).toEqual(['Harbor Freight Lines']);
    expect((await remote.ok('GET', '/divisions/list/')).map((listed: { name: string }) => listed.name)).toEqual(['Main']);

    // The inspector says the pulled employer is linked to the server's.
    const found = ((await app.core.invoke('findRecords', ['Harbor Freight Lines'])) as RecordSearch).matches;
    const inspection = (await app.core.invoke('inspectRecord', [found[0]!.id])) as RecordInspection;
    expect(inspection.sync).toEqual([expect.objectContaining({ env: 'production', link: 'linked', remote_id: employer.id })]);
    await page.goto(`${new URL(page.url()).origin}/#/inspector/${found[0]!.id}`);
    const states = page.getByRole('table', { name: 'State in each environment' });
    await states.getByRole('cell', { name: 'Linked', exact: true }).waitFor();
    await checkScreen(page, 'inspector-pulled-linked');
  });
});
