// Builds a second copy of better-sqlite3's native module for Electron's ABI, beside the Node one.
// Plain Node (tests, CLI, server) keeps using node_modules/better-sqlite3; the Electron main process
// loads the copy through better-sqlite3's `nativeBinding` option (see main/electron/native-binding.ts).
// Rebuilding in place would break one of the two runtimes, so we never do that.
const { existsSync, mkdirSync, cpSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const root = join(__dirname, '..');
const electronDir = join(root, 'node_modules', 'electron');

if (!existsSync(join(electronDir, 'path.txt'))) {
  console.log(
    'postinstall: no Electron binary (ELECTRON_SKIP_BINARY_DOWNLOAD?); skipping the Electron build of better-sqlite3. Tests, CLI and server run on Node.',
  );
  process.exit(0);
}

// npm sets npm_config_node_gyp to its bundled node-gyp for every script; a local node-gyp is the fallback.
function findNodeGyp() {
  const fromNpm = process.env.npm_config_node_gyp;
  if (fromNpm && existsSync(fromNpm)) return fromNpm;
  try {
    return require.resolve('node-gyp/bin/node-gyp.js');
  } catch {
    return undefined;
  }
}

const nodeGyp = findNodeGyp();
if (!nodeGyp) {
  console.error(
    'postinstall: cannot find node-gyp (npm_config_node_gyp is unset and node-gyp is not installed); run this through npm (`npm rebuild`) or install node-gyp, so better-sqlite3 can be built for Electron.',
  );
  process.exit(1);
}

const electronVersion = require(join(electronDir, 'package.json')).version;
const source = join(root, 'node_modules', 'better-sqlite3');
const target = join(root, 'node_modules', '.electron-native', 'better-sqlite3');
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
cpSync(source, target, { recursive: true, filter: (p) => !p.includes(`${join('better-sqlite3', 'build')}`) });

console.log(`postinstall: building better-sqlite3 for Electron ${electronVersion} in node_modules/.electron-native with ${nodeGyp}`);
try {
  execFileSync(
    process.execPath,
    [nodeGyp, 'rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'],
    { cwd: target, stdio: 'inherit', env: { ...process.env, npm_config_nodedir: '' } },
  );
} catch (error) {
  console.error(
    `postinstall: the Electron build of better-sqlite3 failed (${error.message}); \`npm start\` will not be able to open the database until \`npm rebuild\` succeeds.`,
  );
  process.exit(1);
}
