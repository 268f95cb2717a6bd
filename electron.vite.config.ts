import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

// The dev server needs inline scripts (React Refresh preamble) and injected <style> tags; the built
// renderer needs neither, so the strict CSP in renderer/index.html is relaxed only under `serve`.
function devServerCsp(): Plugin {
  return {
    name: 'plandesk:dev-server-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

// Our folders sit at the repo root rather than electron-vite's default src/ layout, so every entry is explicit.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Keeps every runtime dependency external (better-sqlite3 in particular is a native module and must
      // not be bundled), except zod: bundled, it loads only what we use, not all of its locales.
      externalizeDeps: { exclude: ['zod'] },
      // The Electron shell, the `plandesk` command (bin/plandesk.cjs) and web mode: all three run this
      // compiled output, never the TypeScript sources. The CLI loads each command's chunk on demand.
      lib: {
        entry: {
          index: resolve(__dirname, 'main/index.ts'),
          cli: resolve(__dirname, 'main/cli/index.ts'),
          web: resolve(__dirname, 'main/web/index.ts'),
          // serve's writer thread (main/http/worker-writes.ts starts it from beside its own chunk).
          'commit-worker': resolve(__dirname, 'main/http/commit-worker.ts'),
          // The app's worker thread for SBCs, sheets, PDFs and checks (main/app/app-jobs.ts starts it from beside its own chunk).
          'job-worker': resolve(__dirname, 'main/app/job-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require npm packages, so bundle them; only `electron` stays external.
      externalizeDeps: false,
      lib: { entry: resolve(__dirname, 'preload/index.ts') },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react(), devServerCsp()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified by default; the window parses every byte at start.
      minify: true,
      rolldownOptions: { input: resolve(__dirname, 'renderer/index.html') },
    },
  },
});
