// Resolves imports the way our TypeScript does (moduleResolution "Bundler"): a relative import may
// name its .ts file as `.js` or leave the extension off. eslint-plugin-boundaries needs the real
// file to know which layer an import lands in. The interface is eslint-module-utils' version 2.
const { existsSync, statSync } = require('node:fs');
const { createRequire, isBuiltin } = require('node:module');
const path = require('node:path');

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.cjs', '.mjs', '.json'];

function isFile(candidate) {
  return existsSync(candidate) && statSync(candidate).isFile();
}

function localCandidates(target) {
  const withoutJs = target.replace(/\.(c|m)?js$/, '');
  return [target, ...EXTENSIONS.map((extension) => withoutJs + extension), ...EXTENSIONS.map((extension) => path.join(target, `index${extension}`))];
}

function resolve(source, file) {
  if (isBuiltin(source)) return { found: true, path: null };
  if (source.startsWith('.') || path.isAbsolute(source)) {
    const found = localCandidates(path.resolve(path.dirname(file), source)).find(isFile);
    return found ? { found: true, path: found } : { found: false };
  }
  try {
    return { found: true, path: createRequire(file).resolve(source) };
  } catch {
    return { found: false };
  }
}

module.exports = { interfaceVersion: 2, resolve };
