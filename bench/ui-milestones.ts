// When things show on screen, in the page's own clock (milliseconds from navigation start).
//
// Recorded by the page itself, not polled over the DevTools protocol: the web server runs in the
// bench's process, so while it answers a long request (the list's other 9,950 rows, say) a poll
// from here would start late and count that time as the page's.
import type { Page } from 'playwright-core';

/** What the bench waits for, each a JavaScript expression that holds once it is on screen. */
const MILESTONES = {
  /** The app's first screen (the employers, with its heading) inside the shell: the page is ready to use. */
  pageReady: `document.querySelector('.shell-main section h1') !== null`,
  /** The first employer row and the list's count. */
  listFirstRow: `document.querySelector('.employer-rows [role=option]:not([aria-busy]) strong') !== null && document.querySelector('.employer-count') !== null`,
  /** Every row in: the list no longer busy. */
  listEveryRow: `document.querySelector('section.employers')?.getAttribute('aria-busy') === 'false'`,
  /** An employer's page with its plans: no section or row still loading. */
  employerPlans: `document.querySelector('h1#employer-heading') !== null && document.querySelectorAll('.plan-section').length === 2 && document.querySelector('.plan-section[aria-busy="true"], .plan-row[aria-busy="true"]') === null`,
} as const;

export type Milestone = keyof typeof MILESTONES;

// Each milestone is stamped in the animation frame after the DOM change that makes it hold: the
// frame that paints it.
const WATCHER = `(() => {
  const milestones = { ${Object.entries(MILESTONES)
    .map(([name, holds]) => `${name}: () => (${holds})`)
    .join(', ')} };
  const at = (window.__milestones = {});
  const check = () => {
    for (const [name, holds] of Object.entries(milestones)) {
      if (!(name in at) && holds()) {
        at[name] = null;
        requestAnimationFrame(() => { at[name] = performance.now(); });
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

/** From now on every document the page opens records its milestones. */
export async function watchMilestones(page: Page): Promise<void> {
  await page.addInitScript(WATCHER);
}

/** When the milestone was first on screen in the page's current document. */
export async function milestoneAt(page: Page, milestone: Milestone): Promise<number> {
  const at = await page.waitForFunction(
    (name) => {
      const stamped = (globalThis as unknown as { __milestones?: Record<string, number | null> }).__milestones?.[name];
      return typeof stamped === 'number' && stamped;
    },
    milestone,
    { polling: 'raf' },
  );
  return (await at.jsonValue()) as number;
}
