import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ExportFile } from '../../shared/inspector.js';
import { diskFull } from '../store/storage-errors.js';

/** A destination the export refuses: it would overwrite something, or cannot be written. */
class ExportDestinationError extends Error {}

/**
 * Writes one file at `path`, never over an existing one: written beside it first, then linked into
 * place (which fails if `path` appeared meanwhile), so a crash never leaves a half-written export,
 * and a failure (a full disk) leaves nothing.
 */
export function writeNewFile(path: string, content: string | Uint8Array): void {
  const target = resolve(path);
  if (existsSync(target)) throw new ExportDestinationError(`${path} already exists; choose a new file name (an export never overwrites)`);
  requireFolder(dirname(target));
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(partial, content, { flag: 'wx', mode: 0o600 });
    linkSync(partial, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new ExportDestinationError(`${path} already exists; choose a new file name (an export never overwrites)`);
    throw inWords(error);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Writes the files into the folder `path`, which must not exist or be empty: they are written into a
 * folder beside it and moved into place together.
 */
export function writeNewFolder(path: string, files: ExportFile[]): void {
  const target = resolve(path);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new ExportDestinationError(`${path} is a file; CSV export writes a folder of files`);
    if (readdirSync(target).length > 0) throw new ExportDestinationError(`${path} is not empty; choose a new or empty folder (an export never overwrites)`);
  }
  requireFolder(dirname(target));
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  mkdirSync(partial, { mode: 0o700 });
  try {
    for (const file of files) writeFileSync(join(partial, file.name), file.content, { flag: 'wx', mode: 0o600 });
    if (existsSync(target)) rmdirSync(target);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw inWords(error);
  }
}

/** A full disk (or quota) as its one sentence; nothing of the export is left behind by then. */
function inWords(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? diskFull() : error;
}

function requireFolder(folder: string): void {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new ExportDestinationError(`no folder ${folder} to write the export into`);
}
