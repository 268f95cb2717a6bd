import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

// The layers, named for where their code runs (see README, "Architecture"):
//   shared/   pure TypeScript that every side can load: no Node, no DOM, no Electron
//   main/     Node and Electron; the service, store, router, servers, CLI and sync
//   preload/  the one bridge between the window and main
//   renderer/ the DOM and React
// tests/, bench/, scripts/, bin/ and the tool configs sit outside the layers and may import anything;
// nothing in a layer imports them.
const LAYERS = ['shared', 'main', 'preload', 'renderer'];
const OUTSIDE = ['tests', 'bench', 'scripts', 'bin'];

// main/'s tiers, lowest first (see README, "Architecture"): a module imports its own tier and lower
// ones, never a higher one. Each folder of main/ (and main/index.ts) belongs to exactly one tier.
const MAIN_TIERS = [
  { name: 'store', holds: ['store'] },
  { name: 'domain', holds: ['api', 'service', 'auth', 'history', 'journal'] },
  { name: 'router', holds: ['router'] },
  { name: 'workspace', holds: ['workspace'] },
  { name: 'features', holds: ['sync', 'import', 'export', 'exhibit', 'inspector'] },
  { name: 'edges', holds: ['app', 'cli', 'http', 'web', 'electron'] },
];
const EDGES = MAIN_TIERS.at(-1); // also main/index.ts
const tierType = (tier) => `main-${tier.name}`;
const MAIN_TYPES = MAIN_TIERS.map(tierType);
// A folder of main/ that no tier holds yet: its files' imports are refused until it has one.
const UNTIERED = 'main-untiered';
const typesOfLayer = (type) => (type === 'main' ? [...MAIN_TYPES, UNTIERED] : [type]);

// Co-located tests (and the renderer's test helpers) run in vitest on Node, so they may use Node
// built-ins and test libraries; they still obey their layer's bans on other layers. Layer code may
// never import them, or a test helper could carry a banned module into the layer.
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'renderer/test-support/**'];

// "No DOM module" cannot be written as a list of bans, so shared/ names the few pure packages it may use.
const SHARED_PACKAGES = ['zod'];

// Where the typed rules read a file's types: the first of these projects that holds it, each with its
// runtime's types as `npm run typecheck` sees them (main, tests and bench; the renderer; the chromium-driving tests).
const TYPED_PROJECTS = ['./tsconfig.json', './tsconfig.web.json', './tsconfig.browser-tests.json'];

// Resolves imports as TypeScript does, for both plugins (eslint-module-utils' resolver interface, version 2).
const RESOLVER = new URL('./eslint.resolver.cjs', import.meta.url).pathname;

// Every message names the importing file and the import, then the rule in words.
const violation = (rule) => `{{from.file.path}} imports "{{dependency.source}}": ${rule}`;
const layer = (type) => ({ element: { types: { anyOf: typesOfLayer(type) } }, file: { categories: 'code' } });
const layerOrItsTests = (type) => ({ element: { types: { anyOf: typesOfLayer(type) } } });
const toLayers = (...types) => ({ to: { element: { types: { anyOf: types.flatMap(typesOfLayer) } } } });
const toTests = { to: { file: { categories: 'test' } } };
const toBuiltins = { to: { module: { origin: 'core' } } };
const toPackages = (...sources) => ({ to: { module: { origin: 'external', source: sources } } });
const toAnyPackage = { to: { module: { origin: 'external' } } };

const layeringPolicies = [
  {
    from: layerOrItsTests('shared'),
    disallow: toLayers('main', 'preload', 'renderer'),
    message: violation('shared/ is imported by every layer, so it must not import main/, preload/ or renderer/.'),
  },
  {
    from: layer('shared'),
    disallow: [toBuiltins, toAnyPackage],
    message: violation(
      `shared/ runs everywhere, so it uses no Node built-in, no DOM and no Electron module; the packages it may use are ${SHARED_PACKAGES.join(', ')}.`,
    ),
  },
  { from: layer('shared'), allow: toPackages(...SHARED_PACKAGES) },
  {
    from: layerOrItsTests('renderer'),
    disallow: toLayers('main', 'preload'),
    message: violation('renderer/ reaches main/ only through the bridge (shared/bridge.ts), never by importing main/ or preload/.'),
  },
  {
    from: layer('renderer'),
    disallow: [toBuiltins, toPackages('electron', 'electron/**')],
    message: violation('renderer/ runs in the window, so it uses no Node built-in and no Electron module.'),
  },
  {
    from: layerOrItsTests('preload'),
    disallow: [toLayers('main', 'renderer'), toBuiltins, toAnyPackage],
    message: violation('preload/ imports only shared/ and electron.'),
  },
  { from: layerOrItsTests('preload'), allow: toPackages('electron') },
  {
    from: layerOrItsTests('main'),
    disallow: toLayers('renderer'),
    message: violation('main/ never imports renderer/; the window is a client of main, not a part of it.'),
  },
  ...LAYERS.map((type) => ({
    from: layer(type),
    disallow: [toTests, toLayers('outside')],
    message: violation(`${type}/ ships in the app, so it never imports a test file, a test helper, tests/, bench/, scripts/ or bin/.`),
  })),
];

const tierNames = (tiers, separator) => tiers.map((tier) => tier.name).join(separator);

const tierPolicies = [
  ...MAIN_TIERS.slice(0, -1).map((tier, index) => {
    const higher = MAIN_TIERS.slice(index + 1);
    return {
      from: layerOrItsTests(tierType(tier)),
      disallow: { to: { element: { types: { anyOf: higher.map(tierType) } } } },
      message: violation(
        `main/'s tiers go ${tierNames(MAIN_TIERS, ' < ')} and a module never imports a higher tier, so ${tier.name} (tier ${index + 1}) never imports ${tierNames(higher, ', ')}.`,
      ),
    };
  }),
  {
    from: layerOrItsTests(UNTIERED),
    disallow: { to: { element: { types: '*' } } },
    message: violation(
      `every folder of main/ belongs to one tier (MAIN_TIERS in eslint.config.mjs, and README's "Architecture"), and this file's folder has none yet.`,
    ),
  },
];

export default defineConfig(
  { ignores: ['out/', 'dist/', 'tmp/', 'e2e-screenshots/', 'node_modules/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // `_name` marks a binding that is there on purpose: a property dropped by a rest pattern, a parameter a signature needs.
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The rules that read types: a promise nobody waits for (a forgotten await), an await of what is no
    // promise, and a promise where a plain value is expected (an async callback whose caller ignores it).
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { project: TYPED_PROJECTS, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['tests/**'],
    // Tests read API responses as loose JSON (`employer.plans[0].id`); the assertions are the type check there.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    // CommonJS files load modules with require(); that is what the rule exists to discourage in ES modules.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['main/**', 'tests/**', 'bench/**', 'scripts/**', 'bin/**', '*.{ts,mts,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  { files: ['renderer/**', 'preload/**'], languageOptions: { globals: globals.browser } },
  { files: ['renderer/**'], ...reactHooks.configs.flat.recommended },
  {
    files: ['renderer/**'],
    // It only reports components the React Compiler would skip; this app does not use the compiler.
    rules: { 'react-hooks/incompatible-library': 'off' },
  },
  {
    files: LAYERS.map((type) => `${type}/**`),
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        // The first descriptor that matches a file's folder gives its type: the tiers' folders, then any
        // other folder of main/, then the folder `main` itself, which holds main/index.ts (an edge).
        ...MAIN_TIERS.flatMap((tier) => tier.holds.map((folder) => ({ type: tierType(tier), pattern: `main/${folder}/**`, partialMatch: false }))),
        { type: UNTIERED, pattern: 'main/*/**', partialMatch: false },
        { type: tierType(EDGES), pattern: 'main', partialMatch: false },
        ...LAYERS.filter((type) => type !== 'main').map((type) => ({ type, pattern: `${type}/**`, partialMatch: false })),
        // Known only so that the layers' imports of them are checked.
        { type: 'outside', pattern: `{${OUTSIDE.join(',')}}/**`, partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: TEST_FILES },
        { category: 'code', pattern: '**' },
      ],
      'boundaries/files-single-match': true,
      'import/resolver': { [RESOLVER]: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, checkInternals: true, policies: [...layeringPolicies, ...tierPolicies] }],
    },
  },
  {
    // No import cycles in the code that ships (the window's code included). `import type` is
    // erased at compile time, so a cycle through one is no cycle here (the tiers still apply to it).
    files: LAYERS.map((type) => `${type}/**`),
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { [RESOLVER]: {} },
      // The files it follows imports through, and the parser that reads the TypeScript among them.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
