import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints planted code under the repo's own eslint.config.mjs, as if it were a file at `filePath`
// (the file need not exist; the imports it names do, so the rule sees which layer they land in).
// A planted file is in no tsconfig, so it is linted without types: the layering rules read none
// (tests/lint/floating-promise.test.ts checks the rules that do).
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!;
}

async function expectRefused(filePath: string, source: string, rule: RegExp, importKeyword = 'import') {
  const result = await lint(filePath, `${importKeyword} { planted } from '${source}';\nexport { planted };\n`);
  expect(result.filePath).toBe(`${REPO_ROOT}${filePath}`);
  expect(result.errorCount).toBe(1);
  const [message] = result.messages;
  expect(message).toMatchObject({ ruleId: 'boundaries/dependencies', severity: 2, line: 1 });
  expect(message!.message).toContain(`${filePath} imports "${source}"`);
  expect(message!.message).toMatch(rule);
}

async function expectAllowed(filePath: string, ...sources: string[]) {
  const imports = sources.map((source, index) => `import { planted${index} } from '${source}';`);
  const exports = `export { ${sources.map((_, index) => `planted${index}`).join(', ')} };`;
  const result = await lint(filePath, `${imports.join('\n')}\n${exports}\n`);
  expect(result.messages).toEqual([]);
}

describe('shared/', () => {
  it('refuses an import from main/', () => expectRefused('shared/planted.ts', '../main/service/plans', /must not import main\/, preload\/ or renderer\//));
  it('refuses an import from renderer/, even of types only', async () => {
    const result = await lint('shared/plans/planted.ts', "import type { Route } from '../../renderer/app/routes';\nexport type { Route };\n");
    expect(result.messages.map((message) => message.message)).toEqual([
      expect.stringContaining('shared/plans/planted.ts imports "../../renderer/app/routes": shared/ is imported by every layer'),
    ]);
  });
  it('refuses a node: built-in', () => expectRefused('shared/planted.ts', 'node:fs', /no Node built-in, no DOM and no Electron module/));
  it('refuses a built-in named without node:', () => expectRefused('shared/planted.ts', 'path', /no Node built-in/));
  it('refuses electron', () => expectRefused('shared/planted.ts', 'electron', /no Electron module/));
  it('refuses a DOM library', () => expectRefused('shared/planted.ts', 'react-dom/client', /no DOM/));
  it('allows shared/ itself and zod', () => expectAllowed('shared/plans/planted.ts', '../routes', './medical.js', 'zod'));
  it('lets a co-located test use Node and vitest, but not main/', async () => {
    await expectAllowed('shared/plans/planted.test.ts', 'node:fs', 'vitest', './medical.js');
    await expectRefused('shared/plans/planted.test.ts', '../../main/service/plans', /must not import main\//);
  });
  it('never imports a test file', () => expectRefused('shared/plans/planted.ts', './medical.test', /never imports a test file/));
  it('never imports from tests/', () =>
    expectRefused('shared/plans/planted.ts', '../../tests/support/api-server', /never imports a test file, a test helper, tests\//));
});

describe('renderer/', () => {
  it('refuses an import from main/', () => expectRefused('renderer/planted.ts', '../main/app/app-core', /only through the bridge/));
  it('refuses an import from preload/', () => expectRefused('renderer/planted.ts', '../preload/index', /only through the bridge/));
  it('refuses a node: built-in', () => expectRefused('renderer/planted.ts', 'node:path', /no Node built-in and no Electron module/));
  it('refuses a built-in named without node:', () => expectRefused('renderer/planted.ts', 'fs', /no Node built-in/));
  it('refuses electron', () => expectRefused('renderer/planted.ts', 'electron', /no Electron module/));
  it('never imports a test helper', () => expectRefused('renderer/planted.ts', './test-support/fake-bridge', /never imports a test file, a test helper/));
  it('allows shared/, itself and React', () => expectAllowed('renderer/planted.ts', '../shared/bridge', './bridge/bridge', 'react'));
});

describe('preload/', () => {
  it('refuses an import from renderer/', () =>
    expectRefused('preload/planted.ts', '../renderer/bridge/bridge', /preload\/ imports only shared\/ and electron/));
  it('refuses an import from main/', () => expectRefused('preload/planted.ts', '../main/app/app-core', /imports only shared\/ and electron/));
  it('refuses a built-in', () => expectRefused('preload/planted.ts', 'node:fs', /imports only shared\/ and electron/));
  it('refuses any other package', () => expectRefused('preload/planted.ts', 'zod', /imports only shared\/ and electron/));
  it('allows shared/ and electron', () => expectAllowed('preload/planted.ts', '../shared/bridge', 'electron'));
});

describe('main/', () => {
  it('refuses an import from renderer/', () => expectRefused('main/planted.ts', '../renderer/app/routes', /main\/ never imports renderer\//));
  it('never imports from tests/ or bench/', async () => {
    await expectRefused('main/planted.ts', '../tests/support/api-server', /main\/ ships in the app, so it never imports .* tests\//);
    await expectRefused('main/planted.ts', '../bench/setup', /bench\//);
  });
  it('allows shared/, itself, Node built-ins, electron and packages', () =>
    expectAllowed('main/planted.ts', '../shared/routes', './store/database', 'node:fs', 'electron', 'better-sqlite3'));
});

describe("main/'s tiers", () => {
  const order = "main/'s tiers go store < domain < router < workspace < features < edges and a module never imports a higher tier";
  const refusal = (tier: string, higher: string) => new RegExp(`${order}, so ${tier} never imports ${higher}\\.$`);

  it('refuses each tier an import from the tier above it', async () => {
    await expectRefused('main/store/planted.ts', '../service/plans', refusal('store \\(tier 1\\)', 'domain, router, workspace, features, edges'));
    await expectRefused('main/auth/planted.ts', '../router/router', refusal('domain \\(tier 2\\)', 'router, workspace, features, edges'));
    await expectRefused('main/router/planted.ts', '../workspace/backup', refusal('router \\(tier 3\\)', 'workspace, features, edges'));
    await expectRefused('main/workspace/planted.ts', '../export/csv', refusal('workspace \\(tier 4\\)', 'features, edges'));
    await expectRefused('main/import/table/planted.ts', '../../cli/args', refusal('features \\(tier 5\\)', 'edges'));
  });
  it('refuses an import from any higher tier, main/index.ts among the edges', async () => {
    await expectRefused('main/store/planted.ts', '../index', /so store \(tier 1\) never imports/);
    await expectRefused('main/history/planted.ts', '../http/server', /so domain \(tier 2\) never imports/);
  });
  it('refuses a higher tier even for types only, and in a co-located test', async () => {
    await expectRefused('main/store/planted.ts', '../service/context', /so store \(tier 1\) never imports/, 'import type');
    await expectRefused('main/store/planted.test.ts', '../workspace/workspace', /so store \(tier 1\) never imports/);
  });
  it('allows a tier its own tier and every lower one', async () => {
    await expectAllowed('main/store/planted.ts', './database', '../../shared/routes');
    await expectAllowed('main/service/planted.ts', './context', '../auth/tokens', '../api/types', '../store/database');
    await expectAllowed('main/router/planted.ts', './describe-path', '../service/plans', '../store/database');
    await expectAllowed('main/workspace/planted.ts', './backup', '../router/router', '../service/accounts', '../store/database');
    await expectAllowed('main/export/planted.ts', '../import/table/csv-sheet', '../workspace/backup', '../router/router', '../service/plans');
  });
  it('lets the edges import each other and every tier', async () => {
    await expectAllowed('main/cli/planted.ts', '../http/server', '../app/app-core', '../export/csv', '../workspace/backup', '../store/database');
    await expectAllowed('main/planted.ts', './cli/args', './electron/menu', './store/database');
  });
  it('refuses the imports of a folder of main/ that no tier holds', () =>
    expectRefused('main/planted-folder/planted.ts', '../store/database', /every folder of main\/ belongs to one tier .* and this file's folder has none yet/));
});

describe('import cycles', () => {
  it('refuses an import that closes a cycle, naming the way back', async () => {
    // file-access.ts <- damage-check.ts <- sqlite-failures.ts: importing sqlite-failures closes the loop.
    const result = await lint('main/store/file-access.ts', "import { storageErrorOf } from './sqlite-failures.js';\nexport { storageErrorOf };\n");
    expect(result.messages).toEqual([
      expect.objectContaining({ ruleId: 'import-x/no-cycle', severity: 2, line: 1, message: 'Dependency cycle via "./damage-check.js:2"' }),
    ]);
  });
  it('counts no import of types only: it is erased when compiled', async () => {
    const result = await lint('main/store/file-access.ts', "import type { storageErrorOf } from './sqlite-failures.js';\nexport type { storageErrorOf };\n");
    expect(result.messages).toEqual([]);
  });
});

describe('outside the layers', () => {
  it('lets tests and bench import any layer and Node', async () => {
    await expectAllowed('tests/planted.ts', '../main/service/plans', '../renderer/app/routes', '../preload/index', 'node:fs');
    await expectAllowed('bench/planted.ts', '../main/service/plans', '../renderer/app/routes', 'node:fs');
  });
});
