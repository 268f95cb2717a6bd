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
  'tests/electron/desktop-jobs.test.ts',
  'tests/electron/preload.test.ts',
  'tests/electron/system-proxy-boot.test.ts',
];

// The tests that drive `serve` (spawned, or its server in-process) run a second time on PostgreSQL
// when PLANDESK_TEST_POSTGRES names a server (an admin URL: `.ci/run` starts a throw-away cluster and
// sets it): the same files, with PLANDESK_TEST_STORE=postgres telling their support code
// (tests/support/postgres.ts) to give each file a throw-away database instead of a SQLite file.
const SERVE_TESTS_BUILT = [
  'tests/cli/admin-tokens.test.ts',
  'tests/cli/pull-cli.test.ts',
  'tests/cli/push-conflicts-cli.test.ts',
  'tests/cli/serve-kill.test.ts',
  'tests/cli/serve-sync-extensions.test.ts',
  'tests/cli/unstorable-text-cli.test.ts',
  // The sync center's end-to-end tests, whose remote is a serve child (tests/e2e/support/serve-remote.ts).
  'tests/e2e/conflicts.test.ts',
  'tests/e2e/start-from-server.test.ts',
  'tests/e2e/sync-center.test.ts',
  'tests/e2e/sync-center-pull.test.ts',
];
const SERVE_TESTS_IN_PROCESS = ['tests/api/**/*.test.ts', 'tests/sync/idempotency.test.ts'];
const POSTGRES = process.env.PLANDESK_TEST_POSTGRES;
// Vitest loads this file once per project: the notice is given once per run (and not when another
// tool, knip, reads the file).
const noticed = globalThis as { plandeskPostgresNoticed?: boolean };
if (!POSTGRES && process.env.VITEST && !noticed.plandeskPostgresNoticed) {
  noticed.plandeskPostgresNoticed = true;
  console.warn(
    'PLANDESK_TEST_POSTGRES is not set: the PostgreSQL variants of the tests that drive serve are skipped (set it to an admin URL such as postgres://postgres@127.0.0.1:5432/postgres; .ci/run does)',
  );
}

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
      ...(POSTGRES
        ? [
            {
              extends: true as const,
              test: { name: 'api on PostgreSQL', include: SERVE_TESTS_IN_PROCESS, env: { PLANDESK_TEST_STORE: 'postgres' } },
            },
            {
              extends: true as const,
              test: {
                name: 'built on PostgreSQL',
                include: SERVE_TESTS_BUILT,
                testTimeout: 60_000,
                globalSetup: ['tests/support/build-out.ts'],
                env: { PLANDESK_TEST_STORE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
