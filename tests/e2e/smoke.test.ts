// The built app opens in a real browser in web mode without errors. Only what is stable while the
// screens are being rebuilt is asserted: the title, that #root renders, and the CSP header.
import { afterEach, describe, expect, it } from 'vitest';
import { screenshot, startApp, type RunningApp } from './support/browser.js';

let app: RunningApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function expectRendered(running: RunningApp): Promise<void> {
  expect(await running.page.title()).toBe('PlanDesk');
  const rendered = await running.page
    .locator('#root > *')
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  // Let the first screen's bridge calls settle before looking for errors.
  if (rendered) await running.page.waitForLoadState('networkidle');
  expect(running.errors(), 'console and page errors').toEqual([]);
  expect(rendered, '#root rendered something within 10 s').toBe(true);
}

describe('web mode smoke', () => {
  it('opens a new workspace without console or page errors', async () => {
    app = await startApp();
    await expectRendered(app);
    await screenshot(app.page, 'smoke-new-workspace');
  });

  it('opens a set-up workspace without console or page errors', async () => {
    app = await startApp({ setUp: true });
    expect(await app.core.invoke('workspace', [])).toMatchObject({ ready: true, account: 'Acme Brokers' });
    await expectRendered(app);
    await screenshot(app.page, 'smoke-set-up-workspace');
  });

  it('serves the page with the CSP header, and a reload keeps working', async () => {
    app = await startApp({ setUp: true });
    await expectRendered(app);
    const response = await app.page.reload();
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    await expectRendered(app);
  });
});
