// Users, divisions, backups and the recovery screen in real Chromium, each checked with axe-core
// and saved as a screenshot.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/app/app-core.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import { damageMiddlePage, seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';
import { startApp, type RunningApp } from './support/browser.js';
import { checkScreen, employerBody, localOk, mainDivision, openScreen } from './support/admin-flow.js';

let app: RunningApp | undefined;
let dir: string | undefined;

afterEach(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  app = dir = undefined;
});

const employerNames = async (running: RunningApp) =>
  ((await localOk(running, 'GET', '/employers/list/')) as { name: string }[]).map((employer) => employer.name);

describe('users and divisions', () => {
  it('an admin adds, changes and removes a user', async () => {
    app = await startApp({ setUp: true });
    const { page } = app;
    await openScreen(page, '#/users', 'Users');
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('row').filter({ hasText: 'broker@example.com' }).getByRole('cell', { name: 'Admin', exact: true }).waitFor();

    const add = page.getByRole('form', { name: 'Add a user' });
    await add.getByRole('textbox', { name: /^E-mail/ }).fill('dana@example.com');
    await add.getByRole('textbox', { name: /^First name/ }).fill('Dana');
    await add.getByRole('textbox', { name: /^Last name/ }).fill('Reyes');
    await add.getByRole('checkbox', { name: 'Main' }).check();
    await add.getByRole('checkbox', { name: /^Admin/ }).check();
    await add.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('dana@example.com was added.').waitFor();
    const dana = users.getByRole('row').filter({ hasText: 'dana@example.com' });
    await expect
      .poll(() => dana.getByRole('cell').allInnerTexts(), { timeout: 5_000 })
      .toEqual(['dana@example.com', 'Dana Reyes', 'Admin', 'Main', expect.any(String)]);

    expect(await add.getByRole('textbox', { name: /^First name/ }).inputValue(), 'the form starts blank again').toBe('');
    await add.getByRole('textbox', { name: /^E-mail/ }).fill('not an e-mail');
    await add.getByRole('button', { name: 'Add user' }).click();
    await add.getByText('Enter a valid email address.').waitFor();
    await checkScreen(page, 'users');

    await dana.getByRole('button', { name: 'Edit dana@example.com' }).click();
    const edit = page.getByRole('form', { name: 'Change dana@example.com' });
    await edit.getByRole('textbox', { name: /^Last name/ }).fill('Reyes-Ortiz');
    await edit.getByRole('checkbox', { name: /^Admin/ }).uncheck();
    await edit.getByRole('button', { name: 'Save dana@example.com' }).click();
    await page.getByText('dana@example.com was saved.').waitFor();
    await expect
      .poll(() => dana.getByRole('cell').allInnerTexts(), { timeout: 5_000 })
      .toEqual(['dana@example.com', 'Dana Reyes-Ortiz', 'User', 'Main', expect.any(String)]);

    await dana.getByRole('button', { name: 'Remove… dana@example.com' }).click();
    await dana.getByRole('button', { name: 'Remove dana@example.com' }).click();
    await page.getByText('dana@example.com was removed.').waitFor();
    await dana.waitFor({ state: 'detached' });
    expect(
      await users
        .getByRole('row')
        .filter({ hasText: 'broker@example.com' })
        .getByRole('button', { name: /^Remove/ })
        .count(),
    ).toBe(0);
  });

  it('an admin adds, renames and deletes divisions and moves employers between them', async () => {
    app = await startApp({ setUp: true });
    const { page } = app;
    await localOk(app, 'POST', '/employers/', employerBody(await mainDivision(app), 'Harbor Freight Lines'));
    await openScreen(page, '#/divisions', 'Divisions');
    await page.getByRole('textbox', { name: /^Division name/ }).fill('West Region');
    await page.getByRole('button', { name: 'Add division' }).click();
    await page.getByText('West Region was added.').waitFor();

    const move = async (to: string) => {
      await page.getByRole('checkbox', { name: 'Harbor Freight Lines' }).check();
      await page.getByRole('combobox', { name: 'Move the 1 selected employer to' }).selectOption({ label: to });
      await page.getByRole('button', { name: `Move 1 to ${to}` }).click();
      await page.getByText(`1 employer moved to ${to}.`).waitFor();
    };
    await move('West Region');
    const west = page.getByRole('table', { name: 'Divisions' }).getByRole('row').filter({ hasText: 'West Region' });
    await expect.poll(() => west.getByRole('cell').allInnerTexts(), { timeout: 5_000 }).toEqual(['West Region', '1', '1', expect.any(String)]);

    await west.getByRole('button', { name: 'Delete… West Region' }).click();
    await west.getByRole('button', { name: 'Delete West Region' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^West Region was not deleted: .*employer/ })
      .waitFor();
    await checkScreen(page, 'divisions');

    await move('Main');
    await west.getByRole('button', { name: 'Delete… West Region' }).click();
    await west.getByRole('button', { name: 'Delete West Region' }).click();
    await page.getByText('West Region was deleted.').waitFor();

    await page.getByRole('button', { name: 'Rename Main' }).click();
    await page.getByRole('textbox', { name: 'New name of Main' }).fill('Home Office');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Main is now Home Office.').waitFor();
    expect(((await localOk(app, 'GET', '/divisions/list/')) as { name: string }[]).map((division) => division.name)).toEqual(['Home Office']);
  });
});

describe('workspace safety', () => {
  it('backs up now and restores a backup after a confirmation, keeping the replaced database', async () => {
    app = await startApp({ setUp: true });
    const { page } = app;
    const division = await mainDivision(app);
    await localOk(app, 'POST', '/employers/', employerBody(division, 'Before Backup', 'https://before.example.com'));
    await openScreen(page, '#/backups', 'Backups');
    await page.getByRole('button', { name: 'Back up now' }).click();
    const backedUp = await page.getByText(/^Backed up as /).innerText();
    const name = /^Backed up as (.+)\.$/.exec(backedUp)![1]!;
    await localOk(app, 'POST', '/employers/', employerBody(division, 'After Backup', 'https://after.example.com'));

    const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Restore… ${name}` }).click();
    await checkScreen(page, 'backups-confirm-restore');
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByText(new RegExp(`^Restored ${name.replace(/\./g, '\\.')}\\. The database it replaced is kept as .+\\.$`)).waitFor();
    expect(await employerNames(app)).toEqual(['Before Backup']);
    await page.getByRole('button', { name: 'Check the workspace' }).click();
    await page.getByText('The workspace is intact.').waitFor();
    await checkScreen(page, 'backups');
  });

  it('opens a damaged workspace on the recovery screen, and restoring its backup brings the app back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'plandesk-e2e-damaged-'));
    await seedWorkspace(dir, 40);
    const core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
    const backup = (await core.invoke('backupWorkspace', [])) as BridgeResponse;
    core.close();
    const { name } = backup.body as { name: string };
    damageMiddlePage(workspaceFile(dir));

    app = await startApp({ workspaceDir: dir });
    const { page } = app;
    await page.getByRole('heading', { level: 1, name: 'PlanDesk cannot open this workspace' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/damaged/);
    await checkScreen(page, 'recovery-damaged');
    const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Restore… ${name}` }).click();
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Employers' }).waitFor();
    expect(await employerNames(app)).toHaveLength(40);
    expect(app.pageErrors).toEqual([]);
  });
});
