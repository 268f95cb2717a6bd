// Conflicts in real Chromium against a real `plandesk serve`: four employers the remote already has
// with other values, each decided one of the four ways from the side-by-side view; the inspector
// then shows the taken-over values and a later edit in the record's history, and exports them.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordInspection } from '../../shared/inspector.js';
import { startApp, type RunningApp } from './support/browser.js';
import { checkScreen, employerBody, localOk, mainDivision, openScreen, openSync, pushAndWait } from './support/admin-flow.js';
import { startServeRemote, type ServeRemote } from './support/serve-remote.js';

let app: RunningApp | undefined;
let staging: ServeRemote | undefined;

afterEach(async () => {
  await app?.close();
  await staging?.close();
  app = staging = undefined;
});

const slug = (name: string) => name.toLowerCase().replace(/\W+/g, '-');
const ours = (name: string) => `https://ours.example.com/${slug(name)}`;
const theirs = (name: string) => `https://theirs.example.com/${slug(name)}`;

describe('conflicts', () => {
  it('are shown side by side and settled by keep local, take remote, link (found by a search there) and skip', async () => {
    staging = await startServeRemote();
    app = await startApp({ setUp: true });
    const { page } = app;
    const division = await mainDivision(app);
    const local: Record<string, { id: string }> = {};
    const remote: Record<string, { id: string }> = {};
    for (const name of ['Alder Dental', 'Birch Clinic', 'Cedar Foods', 'Dune Logistics']) {
      local[name] = await localOk(app, 'POST', '/employers/', employerBody(division, name, ours(name)));
      remote[name] = await staging.ok('POST', '/employers/', employerBody(staging.division, name, theirs(name)));
    }
    const cedarWest = await staging.ok('POST', '/employers/', employerBody(staging.division, 'Cedar Foods West', theirs('Cedar Foods West')));
    await app.core.invoke('saveEnvironment', [{ name: 'staging', url: staging.url, token: staging.token }]);
    await openSync(page);
    expect(await pushAndWait(page, 'staging')).toMatch(/failed 4/);

    const card = (name: string) => page.getByRole('article', { name: `Employer ${name}` });
    const alder = card('Alder Dental');
    const urlRow = alder.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Web address' }) });
    await urlRow.waitFor();
    expect(await urlRow.getByRole('cell').allInnerTexts()).toEqual([ours('Alder Dental'), theirs('Alder Dental')]);
    await checkScreen(page, 'sync-conflicts');

    await alder.getByRole('button', { name: "Keep this computer's" }).click();
    await alder.waitFor({ state: 'detached' });
    await card('Birch Clinic').getByRole('button', { name: "Take staging's" }).click();
    await card('Birch Clinic').waitFor({ state: 'detached' });
    const cedar = card('Cedar Foods');
    await cedar.getByRole('button', { name: 'Link to a record on staging…' }).click();
    await cedar.getByRole('searchbox', { name: /^Search staging/ }).fill('cedar');
    await cedar.getByRole('button', { name: 'Search staging' }).click();
    await cedar.getByRole('button', { name: 'Link to Cedar Foods West' }).waitFor();
    await checkScreen(page, 'sync-conflict-link-search');
    await cedar.getByRole('button', { name: 'Link to Cedar Foods', exact: true }).click();
    await cedar.waitFor({ state: 'detached' });
    await card('Dune Logistics').getByRole('button', { name: 'Skip for staging' }).click();
    await page.getByText('No conflicts with staging.').waitFor();

    expect(await pushAndWait(page, 'staging')).toMatch(/failed 0/);
    await page
      .getByRole('table', { name: 'Queue of staging' })
      .getByRole('row')
      .filter({ hasText: 'Dune Logistics' })
      .getByRole('cell', { name: 'Skipped', exact: true })
      .waitFor();
    expect((await staging.ok('GET', `/employers/${remote['Alder Dental']!.id}/`)).url).toBe(ours('Alder Dental'));
    expect((await localOk(app, 'GET', `/employers/${local['Birch Clinic']!.id}/`)).url).toBe(theirs('Birch Clinic'));
    expect((await staging.ok('GET', `/employers/${remote['Cedar Foods']!.id}/`)).url).toBe(ours('Cedar Foods'));
    expect((await staging.ok('GET', `/employers/${cedarWest.id}/`)).url).toBe(theirs('Cedar Foods West'));
    expect((await staging.ok('GET', `/employers/${remote['Dune Logistics']!.id}/`)).url).toBe(theirs('Dune Logistics'));

    // A skip taken back from the queue: the conflict is one again, decided, and pushed.
    await page.getByRole('table', { name: 'Queue of staging' }).getByRole('button', { name: 'Push again Dune Logistics' }).click();
    await page.getByText(/^Dune Logistics is no longer skipped/).waitFor();
    await card('Dune Logistics').getByRole('button', { name: "Keep this computer's" }).click();
    await card('Dune Logistics').waitFor({ state: 'detached' });
    expect(await pushAndWait(page, 'staging')).toMatch(/failed 0/);
    expect((await staging.ok('GET', `/employers/${remote['Dune Logistics']!.id}/`)).url).toBe(ours('Dune Logistics'));

    // The inspector: the taken-over values, then a later edit, in the record's history.
    const birch = local['Birch Clinic']!.id;
    await localOk(app, 'PUT', `/employers/${birch}/`, { ...employerBody(division, 'Birch Clinic', theirs('Birch Clinic')), size: '75' });
    await openScreen(page, '#/inspector', 'Inspector');
    await page.getByRole('searchbox', { name: /^Local id, remote id/ }).fill('birch');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('table', { name: 'Matches' }).getByRole('link', { name: 'Birch Clinic' }).click();
    const history = page.getByRole('table', { name: 'History' });
    await history.waitFor();
    const rows = await history.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatch(/broker@example\.com\s+update\s+size: 50 → 75/);
    expect(rows[2]).toMatch(/broker@example\.com\s+conflict decided\s+took the values of staging/);
    expect(rows[3]).toContain(`url: ${ours('Birch Clinic')} → ${theirs('Birch Clinic')}`);
    expect(rows[4]).toMatch(/create/);
    const states = page.getByRole('table', { name: 'State in each environment' });
    expect(await states.getByRole('row').nth(1).innerText()).toContain(remote['Birch Clinic']!.id);
    await checkScreen(page, 'inspector-record');

    const [record] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export this record (JSON)' }).click()]);
    expect(record.suggestedFilename()).toBe(`employer-${birch}.json`);
    const exported = JSON.parse(readFileSync(await record.path(), 'utf8')) as RecordInspection;
    expect(exported).toMatchObject({ id: birch, record: { size: '75' } });
    expect(exported.history).toHaveLength(4);
    const [workspace] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the workspace (JSON)' }).click()]);
    expect(readFileSync(await workspace.path(), 'utf8')).toContain('Birch Clinic');
  });
});
