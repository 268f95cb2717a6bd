import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Electron-ABI copy of better-sqlite3 that scripts/postinstall.cjs builds beside the Node one.
 * Only used when running unpackaged inside Electron; a packaged app has better-sqlite3 rebuilt for
 * Electron by electron-builder, and plain Node (tests, CLI, server) uses the ordinary module.
 */
export function electronNativeBinding(appRoot: string, isPackaged: boolean): string | undefined {
  if (isPackaged || !process.versions.electron) return undefined;
  const file = join(appRoot, 'node_modules', '.electron-native', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  return existsSync(file) ? file : undefined;
}
