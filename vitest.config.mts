import { configDefaults, defineConfig } from 'vitest/config';

// Tests that run the compiled out/ (the `plandesk` command, web mode, the renderer in chromium)
// have their own project, whose global setup builds out/ when it is stale; vitest runs a project's
// global setup only when one of its tests is selected, so `vitest run tests/api` builds nothing.
const BUILT_TESTS = [
  'tests/cli/**/*.test.ts',
  'tests/e2e/**/*.test.ts',
  'tests/web/**/*.test.ts',
  // These run the `plandesk` command too.
  'tests/workspace/workspace-safety.test.ts',
  'tests/store/storage-failures.test.ts',
  // These start the built Electron shell and preload against the fake electron.
  'tests/electron/boot.test.ts',
  'tests/electron/preload.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    setupFiles: ['tests/support/private-config-home.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'main/**/*.test.ts', 'tests/**/*.test.ts', 'renderer/**/*.test.tsx', 'renderer/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BUILT_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'built',
          include: BUILT_TESTS,
          testTimeout: 60_000,
          globalSetup: ['tests/support/build-out.ts'],
        },
      },
    ],
  },
});
