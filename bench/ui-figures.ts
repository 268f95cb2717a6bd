// `npm run bench:ui`: what a broker feels, measured in Debian's chromium against web mode.
//   1. keystrokes beyond the typed values to enter a full medical plan (goal ≤ 60), to renew one (≤ 12)
//      and to convert one to another carrier (≤ 6);
//   2. the employer list at 10,000 employers against 100, side by side: navigation to the first row
//      (goal ≤ 1.15×), to every row in, and a search keystroke to its result on screen (goal < 50 ms);
//   3. an employer's page with 500 plans against one with 5: navigation to its plans on screen (goal ≤ 1.15×);
//   4. page ready: navigation to the first screen on display, and the JavaScript the page fetched by then.
// Needs out/renderer (the npm script builds it first).
import './raw-imports.js';
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { goldPpoBody } from '../tests/support/fixtures.js';
import { planKind } from '../shared/plans/index.js';
import { startApp, type RunningApp } from '../tests/e2e/support/browser.js';
import { fillWizard, Keyboard } from '../tests/e2e/support/keyboard.js';
import { median } from './setup.js';
import { milestoneAt, watchMilestones } from './ui-milestones.js';
import { employersWorkspace, plansWorkspace } from './ui-workspaces.js';

/** Loads per figure; each figure is the median. */
const RUNS = 7;

/** Milliseconds from navigation start until the first employer row and the count are on screen. */
async function firstRow(page: Page, url: string, count: number): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url.replace(/#.*$/, '#/employers'));
  const at = await milestoneAt(page, 'listFirstRow');
  const shown = await page.locator('.employer-count').textContent();
  if (shown !== `${count.toLocaleString('en-US')} employers`) throw new Error(`the list counted "${shown}" for ${count} employers`);
  return at;
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

interface ListFigures {
  firstRow: number;
  everyRow: number;
  filter: number;
  filters: number[];
}

/** Every other run in the reverse order, so neither side always comes after the other. */
function turnOrder(run: number, sides: number): number[] {
  const forward = Array.from({ length: sides }, (_, index) => index);
  return run % 2 === 0 ? forward : forward.reverse();
}

/**
 * The list's figures for each employer count, from one app per count, open side by side and loaded
 * in turn: a change in this machine's load then falls on every count alike.
 */
async function listFigures(counts: readonly number[], runs: number): Promise<ListFigures[]> {
  const dirs: string[] = [];
  for (const count of counts) dirs.push(await employersWorkspace(count));
  const apps: RunningApp[] = [];
  try {
    for (const dir of dirs) {
      const app = await startApp({ workspaceDir: dir });
      apps.push(app);
      await watchMilestones(app.page);
    }
    const samples = counts.map(() => ({ firstRows: [] as number[], everyRows: [] as number[], filters: [] as number[] }));
    for (let run = 0; run < runs; run += 1) {
      for (const side of turnOrder(run, counts.length)) {
        const { page, url } = apps[side]!;
        samples[side]!.firstRows.push(await firstRow(page, url, counts[side]!));
        samples[side]!.everyRows.push(await milestoneAt(page, 'listEveryRow'));
        samples[side]!.filters.push(...(await filterLatencies(page, 'wingtip 7')));
      }
    }
    return samples.map(({ firstRows, everyRows, filters }) => ({ firstRow: median(firstRows), everyRow: median(everyRows), filter: median(filters), filters }));
  } finally {
    for (const app of apps) await app.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds from navigation start until the employer's page shows its plans (no section or row still loading). */
async function employerPageOpen(page: Page, url: string, employerId: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url.replace(/#.*$/, `#/employers/${employerId}`));
  return milestoneAt(page, 'employerPlans');
}

/** Median time to open an employer's page, for each plan count, the employers' pages taken in turn. */
async function employerPageFigures(planCounts: readonly number[], runs: number): Promise<number[]> {
  const { dir, employerIds } = await plansWorkspace(planCounts);
  let app: RunningApp | undefined;
  try {
    app = await startApp({ workspaceDir: dir });
    await watchMilestones(app.page);
    const times = planCounts.map(() => [] as number[]);
    for (let run = 0; run < runs; run += 1) {
      for (const side of turnOrder(run, employerIds.length)) times[side]!.push(await employerPageOpen(app.page, app.url, employerIds[side]!));
    }
    return times.map(median);
  } finally {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface PageReady {
  ms: number;
  scriptBytes: number;
}

/** Navigation start to the employers screen drawn in the shell, and the bytes of JavaScript fetched until then. */
async function pageReady(page: Page, url: string): Promise<PageReady> {
  await page.goto('about:blank');
  await page.goto(url.replace(/#.*$/, '#/employers'));
  const ms = await milestoneAt(page, 'pageReady');
  const scriptBytes = await page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= until)
        .reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    ms,
  );
  return { ms, scriptBytes };
}

async function pageReadyFigures(runs: number): Promise<PageReady> {
  const app = await startApp({ setUp: true });
  try {
    await watchMilestones(app.page);
    const samples: PageReady[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await pageReady(app.page, app.url));
    return { ms: median(samples.map((sample) => sample.ms)), scriptBytes: median(samples.map((sample) => sample.scriptBytes)) };
  } finally {
    await app.close();
  }
}

async function keystrokeFigures(): Promise<{ medical: Keyboard; renewal: Keyboard; conversion: Keyboard }> {
  const app = await startApp({ setUp: true });
  try {
    const { page, core } = app;
    const call = async (method: string, path: string, body?: unknown) =>
      (await core.invoke('call', body === undefined ? [method, path] : [method, path, body])) as { status: number; body: unknown };
    const division = ((await call('GET', '/divisions/list/')).body as { id: string }[])[0]!.id;
    const employer = (
      await call('POST', '/employers/', {
        name: 'Keystroke Co',
        url: 'https://keystroke.example',
        size: '50',
        naics_codes: [],
        location_states: ['NY'],
        other_filters: [],
        division,
      })
    ).body as { id: string };
    const year = new Date().getFullYear();
    const body = goldPpoBody(employer.id, year);

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
  console.log(
    `   full medical plan (74 fields) from the employer page: ${keys.medical.navigation} keystrokes (+ ${keys.medical.typed} typed characters); ${goal(keys.medical, 60)}`,
  );
  console.log(
    `   renewal from the employer page (Alt+L, Alt+R, 8 rates, save): ${keys.renewal.navigation} keystrokes (+ ${keys.renewal.typed} typed characters); ${goal(keys.renewal, 12)}`,
  );
  console.log(
    `   conversion from the employer page (Alt+L, Alt+C, new carrier, save): ${keys.conversion.navigation} keystrokes (+ ${keys.conversion.typed} typed characters); ${goal(keys.conversion, 6)}\n`,
  );

  const [small, large] = (await listFigures([100, 10_000], RUNS)) as [ListFigures, ListFigures];
  const [fewPlans, manyPlans] = await employerPageFigures([5, 500], RUNS);
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  const ratio = (value: number) => `${value.toFixed(2)}×`.padStart(6);
  const verdict = (ok: boolean) => (ok ? 'OK' : 'ABOVE GOAL');

  console.log(`2. Employer list, medians over ${RUNS} loads: 100 employers vs 10,000`);
  console.log('                                      100       10,000    ratio   goal');
  const firstRowRatio = large.firstRow / small.firstRow;
  console.log(
    `   first row (navigation to row+count) ${ms(small.firstRow)}  ${ms(large.firstRow)}  ${ratio(firstRowRatio)}   <= 1.15×  ${verdict(firstRowRatio <= 1.15)}`,
  );
  console.log(
    `   every row in (background)           ${ms(small.everyRow)}  ${ms(large.everyRow)}  ${ratio(large.everyRow / small.everyRow)}   (no goal: search waits for it)`,
  );
  console.log(
    `   search keystroke (keydown to paint) ${ms(small.filter)}  ${ms(large.filter)}  ${ratio(large.filter / small.filter)}   < 50 ms at 10,000  ${verdict(large.filter < 50)}`,
  );
  console.log(`   keystrokes of "wingtip 7" at 10,000, each: ${large.filters.map((value) => value.toFixed(1)).join(', ')} ms\n`);

  console.log(`3. Employer page, navigation to its plans on screen, medians over ${RUNS} loads: 5 plans vs 500`);
  console.log('                                      5 plans   500 plans ratio   goal');
  const pageRatio = manyPlans! / fewPlans!;
  console.log(`   page open                           ${ms(fewPlans!)}  ${ms(manyPlans!)}  ${ratio(pageRatio)}   <= 1.15×  ${verdict(pageRatio <= 1.15)}\n`);

  const ready = await pageReadyFigures(RUNS);
  console.log(`4. Page ready, median over ${RUNS} loads of a set-up workspace`);
  console.log(`   navigation to the employers screen on display ${ms(ready.ms)}`);
  console.log(`   JavaScript fetched by then                    ${(ready.scriptBytes / 1024).toFixed(0).padStart(7)} kB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
