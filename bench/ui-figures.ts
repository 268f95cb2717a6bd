// `npm run bench:ui`: what a broker feels, measured in Debian's chromium against web mode.
//   1. keystrokes beyond the typed values to enter a full medical plan (goal ≤ 60), to renew one (≤ 12)
//      and to convert one to another carrier (≤ 6);
//   2. time to first render of the employer list, 10,000 employers against 100, side by side;
//   3. time from a keystroke in the search box to the filtered list on screen, 10,000 against 100.
// Needs out/renderer (the npm script builds it first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { validPlanBody } from '../tests/support/fixtures.js';
import { planKind } from '../shared/plans/index.js';
import { writeTransaction } from '../main/store/database.js';
import { initWorkspace, openWorkspace } from '../main/workspace/workspace.js';
import { startApp, type RunningApp } from '../tests/e2e/support/browser.js';
import { fillWizard, Keyboard } from '../tests/e2e/support/keyboard.js';
import { median } from './setup.js';

const STATES = ['CA', 'NY', 'TX', 'WA', 'OR', 'FL', 'IL', 'MA', 'CO', 'GA'];
const NAICS = ['541511', '424410', '621111', '722511', '236220', '611110', '524210', '332710'];
const WORDS = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Litware', 'Adventure', 'Proseware', 'Wingtip', 'Lucerne', 'Margie'];

/** A workspace with `count` employers, written in one transaction (one fsync) through the router. */
function seededWorkspace(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), `plandesk-ui-${count}-`));
  const created = initWorkspace(dir, { account: 'Bench Brokers', email: 'bench@example.com', division: 'Main' });
  const ws = openWorkspace(dir);
  try {
    writeTransaction(ws.db, () => {
      for (let index = 0; index < count; index += 1) {
        const name = `${WORDS[index % WORDS.length]} ${WORDS[(index * 7) % WORDS.length]} ${index}`;
        const response = ws.router({
          method: 'POST', path: '/employers/', actor: ws.actor,
          body: {
            name, url: `https://e${index}.example`, size: String(10 + (index % 900)),
            naics_codes: [NAICS[index % NAICS.length]], location_states: [STATES[index % STATES.length], STATES[(index + 3) % STATES.length]],
            other_filters: [], division: created.division,
          },
        });
        if (response.status !== 200) throw new Error(`seeding employer ${index}: ${JSON.stringify(response.body)}`);
      }
    });
  } finally {
    ws.close();
  }
  return dir;
}

/** Milliseconds from navigation start until the employer count shows, polled every animation frame. */
async function firstRender(page: Page, url: string, count: number): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url.replace(/#.*$/, '#/employers'));
  const shown = `${count.toLocaleString('en-US')} employers`;
  await page.waitForFunction((text) => document.querySelector('.employer-count')?.textContent === text, shown, { polling: 'raf' });
  return page.evaluate(() => performance.now());
}

/** Per keystroke: from keydown to the second animation frame after it, by when the filtered list is painted. */
async function filterLatencies(page: Page, query: string): Promise<number[]> {
  const search = page.getByRole('searchbox', { name: 'Search employers' });
  await search.fill('');
  await search.focus();
  await page.evaluate(() => {
    const marks: number[] = [];
    // The search filters in the input event's task, so two frames after keydown the result is on screen.
    document.addEventListener(
      'keydown',
      () => {
        const down = performance.now();
        requestAnimationFrame(() => requestAnimationFrame(() => marks.push(performance.now() - down)));
      },
      true,
    );
    (window as unknown as { __marks: number[] }).__marks = marks;
  });
  const latencies: number[] = [];
  for (const char of query) {
    const before = await page.evaluate(() => (window as unknown as { __marks: number[] }).__marks.length);
    await page.keyboard.type(char);
    await page.waitForFunction((n) => (window as unknown as { __marks: number[] }).__marks.length > n, before, { polling: 'raf' });
    latencies.push(await page.evaluate(() => (window as unknown as { __marks: number[] }).__marks.at(-1)!));
  }
  return latencies;
}

async function listFigures(count: number, runs: number): Promise<{ firstRender: number; filter: number }> {
  const dir = seededWorkspace(count);
  let app: RunningApp | undefined;
  try {
    app = await startApp({ workspaceDir: dir });
    const renders: number[] = [];
    const filters: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      renders.push(await firstRender(app.page, app.url, count));
      filters.push(...(await filterLatencies(app.page, 'wingtip 7')));
    }
    return { firstRender: median(renders), filter: median(filters) };
  } finally {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function keystrokeFigures(): Promise<{ medical: Keyboard; renewal: Keyboard; conversion: Keyboard }> {
  const app = await startApp({ setUp: true });
  try {
    const { page, core } = app;
    const call = async (method: string, path: string, body?: unknown) =>
      (await core.invoke('call', body === undefined ? [method, path] : [method, path, body], () => {})) as { status: number; body: unknown };
    const division = ((await call('GET', '/divisions/list/')).body as { id: string }[])[0]!.id;
    const employer = (await call('POST', '/employers/', {
      name: 'Keystroke Co', url: 'https://keystroke.example', size: '50', naics_codes: [], location_states: ['NY'], other_filters: [], division,
    })).body as { id: string };
    const year = new Date().getFullYear();
    const body = validPlanBody('medical', { employer: employer.id, title: `Gold PPO ${year}`, start_date: `${year}-01-01`, end_date: `${year}-12-31`, from_plan: null, from_action: null });

    await page.goto(app.url.replace(/#.*$/, `#/employers/${employer.id}`));
    await page.getByRole('heading', { level: 1, name: 'Keystroke Co' }).waitFor();
    const medical = new Keyboard(page);
    await medical.press('Alt+p');
    await page.getByRole('menu', { name: 'Plan kind' }).waitFor();
    await medical.press('1');
    await page.getByRole('heading', { level: 1, name: `${planKind('medical').label} plan` }).waitFor();
    await fillWizard(page, medical, 'medical', body);
    await page.getByRole('heading', { level: 1, name: 'Keystroke Co' }).waitFor();

    // Renewal, from the employer's page: Alt+L to the plans, Alt+R on the plan (it opens on the
    // rates), type this year's eight rates, save.
    const renewal = new Keyboard(page);
    await renewal.press('Alt+l');
    await renewal.press('Alt+r');
    await page.getByRole('heading', { level: 2, name: 'Step 2 of 7: Rates' }).waitFor();
    for (const value of ['1300', '5100', '4500', '7600', '8300', '16500', '15000', '23400']) {
      await renewal.type(value);
      await renewal.press('Enter');
    }
    await renewal.press('Control+s');
    await page.getByRole('heading', { level: 1, name: 'Keystroke Co' }).waitFor();
    await page.getByRole('link', { name: `Gold PPO ${year + 1}` }).waitFor();

    // Conversion of this year's plan (the newest, first in the list) to another carrier: Alt+L,
    // Alt+C, Enter past the title, the carrier typed, save.
    const conversion = new Keyboard(page);
    await conversion.press('Alt+l');
    await conversion.press('Alt+c');
    await page.getByRole('heading', { level: 2, name: 'Step 1 of 7: Basics' }).waitFor();
    await conversion.press('Enter');
    await conversion.type('Aetna');
    await conversion.press('Control+s');
    await page.getByRole('heading', { level: 1, name: 'Keystroke Co' }).waitFor();
    await page.getByRole('link', { name: `Gold PPO ${year + 2}` }).waitFor();
    if (app.errors().length > 0) throw new Error(`page errors: ${app.errors().join('\n')}`);
    return { medical, renewal, conversion };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  console.log('PlanDesk UI figures, in chromium (web mode); absolute times depend on this machine, compare the side-by-side ratios\n');

  console.log('1. Keystrokes beyond the typed values (Enter, Space, shortcuts), keyboard only');
  const keys = await keystrokeFigures();
  const goal = (keys: Keyboard, most: number) => `goal <= ${most} ${keys.navigation <= most ? 'OK' : 'ABOVE GOAL'}`;
  console.log(`   full medical plan (74 fields) from the employer page: ${keys.medical.navigation} keystrokes (+ ${keys.medical.typed} typed characters); ${goal(keys.medical, 60)}`);
  console.log(`   renewal from the employer page (Alt+L, Alt+R, 8 rates, save): ${keys.renewal.navigation} keystrokes (+ ${keys.renewal.typed} typed characters); ${goal(keys.renewal, 12)}`);
  console.log(`   conversion from the employer page (Alt+L, Alt+C, new carrier, save): ${keys.conversion.navigation} keystrokes (+ ${keys.conversion.typed} typed characters); ${goal(keys.conversion, 6)}\n`);

  console.log('2. and 3. Employer list: first render (navigation start to the count on screen) and filtering (keydown to the second');
  console.log('   frame after it, per keystroke of "wingtip 7"), medians over 3 loads; 100 employers vs 10,000');
  const small = await listFigures(100, 3);
  const large = await listFigures(10_000, 3);
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  console.log(`   first render   100: ${ms(small.firstRender)}   10,000: ${ms(large.firstRender)}   ratio ${(large.firstRender / small.firstRender).toFixed(2)}`);
  console.log(`   filter         100: ${ms(small.filter)}   10,000: ${ms(large.filter)}   ratio ${(large.filter / small.filter).toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
