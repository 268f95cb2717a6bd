// `import text from './file.css?raw'` is Vite's (the build and vitest read it); the benchmarks run
// the TypeScript sources under tsx, which knows no `?raw`. Loaded first by the benchmarks that
// reach such an import (bench:ui starts web mode, whose exhibit imports its style sheet that way).
import { readFileSync } from 'node:fs';
import Module from 'node:module';

const RAW = '?raw';
type Resolve = (request: string, ...rest: unknown[]) => string;
const modules = Module as unknown as { _resolveFilename: Resolve; _extensions: Record<string, (module: { exports: unknown }, file: string) => void> };

const resolve = modules._resolveFilename;
modules._resolveFilename = (request, ...rest) => (request.endsWith(RAW) ? resolve(request.slice(0, -RAW.length), ...rest) + RAW : resolve(request, ...rest));
modules._extensions[`.css${RAW}`] = (module, file) => {
  module.exports = { __esModule: true, default: readFileSync(file.slice(0, -RAW.length), 'utf8') };
};
