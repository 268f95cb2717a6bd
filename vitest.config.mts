import { configDefaults, defineConfig } from 'vitest/config';

// Tests that serve the built renderer (web mode) or drive it in chromium have their own project,
// whose global setup builds out/ once per run; vitest runs a project's global setup only when one
// of its tests is selected, so `vitest run tests/api` builds nothing.
const BROWSER_TESTS = ['tests/e2e/**/*.test.ts', 'tests/web/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'main/**/*.test.ts', 'tests/**/*.test.ts', 'renderer/**/*.test.tsx', 'renderer/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER_TESTS,
          testTimeout: 60_000,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
