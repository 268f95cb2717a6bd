import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ColumnMapping, ImportedRow, ImportError, ImportKind, ImportReport, RowRange } from '../../../shared/import-table.js';
import { ApiError } from '../../service/api-error.js';
import { Caller } from '../../service/caller.js';
import { createEmployer } from '../../service/employers.js';
import { createPlan } from '../../service/plans.js';
import { timestamp, writing, type ServiceContext } from '../../service/context.js';
import { sqliteOf } from '../../store/database.js';
import { findPlanId, rememberedMapping, rememberMapping } from '../../store/import-store.js';
import type { Workspace } from '../../workspace/workspace.js';
import { resolveMapping } from './column-matching.js';
import { DryRunRecords } from './dry-run-records.js';
import { importFields } from './import-fields.js';
import type { Sheet, SheetRow } from './read-sheet.js';
import { sheetFileInMemory, sheetFileOnDisk, type SheetFile } from './sheet-file.js';
import { cellsByField, readRowContext, rowBody, rowErrors, type RowContext } from './sheet-rows.js';

/** The file: its bytes (the window sends them), or its path, read as a stream (the command line). */
type TableSource = { bytes: Uint8Array; path?: undefined } | { path: string; bytes?: undefined };

export type TableImport = TableSource & {
  fileName: string;
  kind: ImportKind;
  sheet?: string;
  map?: ColumnMapping;
  /** Only these data rows (the window imports a large sheet a slice at a time, to show progress). */
  rows?: RowRange;
  /** Plans only: the employer (id) of rows that name none. */
  employer?: string;
};

export interface ImportOptions {
  /** Checks every row exactly as the import would, then rolls everything back. */
  dryRun: boolean;
  /** Called after each transaction with how many rows are done. */
  onProgress?: (done: number, total: number) => void;
  /** Rows per transaction at most (bench/import-table.ts compares sizes). */
  chunkRows?: number;
  /**
   * Ends a transaction early once its rows have taken this many milliseconds, and gives the
   * thread a turn before the next one: the app's window thread then answers the window and its
   * other calls between them. Unset, a transaction holds `chunkRows` rows.
   */
  transactionMs?: number;
  /**
   * Whether the report's rows keep their cells (true unless said otherwise): the window shows
   * them; the command line does not, and would otherwise hold a large file's every cell.
   */
  keepCells?: boolean;
  /**
   * Reads the file into its sheet: in this thread, as a stream, unless given (the app reads it in
   * a worker thread, so the window's thread never parses a file).
   */
  readSheet?: (request: TableImport) => Promise<Sheet>;
}

/** One commit per chunk of rows, not per row (unless `transactionMs` ends it sooner), and a turn of the event loop between transactions. */
const CHUNK_ROWS = 500;

class DryRunRollback extends Error {}

/** What one transaction's rows are created with: the service's context on the transaction's handle, and the workspace's user as of it. */
interface ImportUnit {
  context: ServiceContext;
  caller: Caller;
}

/**
 * Imports one sheet: each row becomes a request body checked with the forms' schemas, then is
 * created through the service exactly as `local call` would (and so queued for sync). Rows with
 * errors are not written, the others are; a row already there is skipped. The column matches are
 * remembered for the next file with the same headers (not by a dry run, which writes nothing).
 */
export async function importTable(workspace: Workspace, request: TableImport, options: ImportOptions): Promise<ImportReport> {
  const sheet = await (options.readSheet ?? readSheetHere)(request);
  const fields = importFields(request.kind);
  const mapping = resolveMapping(sheet.headers, fields, [rememberedMapping(workspace.db, request.kind, sheet.headers), request.map]);
  const columnOfField = new Map(
    Object.entries(mapping)
      .filter(([, field]) => field !== null)
      .map(([column, field]) => [field!, column]),
  );
  const columnOf = (field: string) => columnOfField.get(field) ?? '';
  // The records the rows are checked against are read in turns of their own: neither with the
  // sheet's arrival (the app's worker hands it over in one message) nor with the first rows.
  await nextTurn();
  const context = await readRowContext(workspace);
  const range = request.rows ?? { from: 1, to: sheet.rowCount };
  const total = Math.max(0, Math.min(range.to, sheet.rowCount) - range.from + 1);
  const seen = new Set<string>();
  const dryRunRecords = options.dryRun ? new DryRunRecords(request.kind) : undefined;
  const rowsDetail: ImportedRow[] = [];
  const errors: ImportError[] = [];

  const importRow = async (unit: ImportUnit, row: number, cells: string[]): Promise<ImportedRow> => {
    const byField = withDefaultEmployer(
      request,
      cellsByField(sheet.headers, cells, (column) => mapping[column] ?? null),
    );
    const { body, errors: found } = rowBody(request.kind, byField, context);
    if (Object.keys(found).length > 0) {
      errors.push(...rowErrors(row, found, columnOf));
      return { row, cells, status: 'rejected' };
    }
    const already = alreadyThere(unit, request.kind, body, context, seen);
    if (already) return { row, cells, status: 'skipped', note: already };
    let created: { id: string };
    try {
      await dryRunRecords?.restoreFor(body, (earlier) => createAgain(unit, request.kind, earlier));
      created = await create(unit, request.kind, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push(...rowErrors(row, refusalErrors(error.body), columnOf));
      return { row, cells, status: 'rejected' };
    }
    dryRunRecords?.created(body);
    if (request.kind === 'employers') context.employers.add(created.id, body.name as string);
    return { row, cells, status: options.dryRun ? 'create' : 'created' };
  };

  /** One transaction: rows of `chunk` from `next` on, until the chunk or the time allowed ends; the rows done. */
  const importUnit = async (chunk: SheetRow[], next: number): Promise<ImportedRow[]> => {
    const done: ImportedRow[] = [];
    const started = performance.now();
    dryRunRecords?.newTransaction();
    const timeLeft = () => options.transactionMs === undefined || performance.now() - started < options.transactionMs;
    try {
      await writing(workspace.context, async (service) => {
        const unit = { context: service, caller: await Caller.resolve(service.db, workspace.actor) };
        for (let index = next; index < chunk.length && (done.length === 0 || timeLeft()); index += 1)
          done.push(await importRow(unit, chunk[index]!.row, chunk[index]!.cells));
        if (options.dryRun) throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
    return done;
  };

  const importChunk = async (chunk: SheetRow[]) => {
    for (let next = 0; next < chunk.length;) {
      const done = await importUnit(chunk, next);
      next += done.length;
      for (const row of done) rowsDetail.push(options.keepCells === false ? { ...row, cells: [] } : row);
      options.onProgress?.(rowsDetail.length, total);
      await nextTurn();
    }
  };

  // The rows are read as they are imported, a chunk at a time: a large file is never held whole.
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  let chunk: SheetRow[] = [];
  for await (const sheetRow of sheet.rows()) {
    if (sheetRow.row < range.from) continue;
    if (sheetRow.row > range.to) break;
    chunk.push(sheetRow);
    if (chunk.length === chunkRows) {
      await importChunk(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await importChunk(chunk);
  if (!options.dryRun) rememberMapping(workspace.db, request.kind, sheet.headers, mapping, timestamp(workspace.context));
  return {
    fileName: request.fileName,
    sheets: sheet.sheets,
    sheet: sheet.sheet,
    headers: sheet.headers,
    mapping,
    fields,
    rowsDetail,
    dryRun: options.dryRun,
    rows: total,
    created: rowsDetail.filter((row) => row.status === 'created' || row.status === 'create').length,
    skipped: rowsDetail.filter((row) => row.status === 'skipped').length,
    errors,
  };
}

/** The sheet read in this thread; the readers (csv-parse, the xlsx reader) load when first used. */
async function readSheetHere(request: TableImport): Promise<Sheet> {
  const { openSheet } = await import('./read-sheet.js');
  return openSheet(await sheetFileOf(request), request.sheet, request.rows?.to);
}

function sheetFileOf(request: TableImport): Promise<SheetFile> {
  return request.path !== undefined ? sheetFileOnDisk(request.path) : Promise.resolve(sheetFileInMemory(request.fileName, request.bytes));
}

/** A plan row that names no employer belongs to the one the import was started for, if any. */
function withDefaultEmployer(request: TableImport, cells: Record<string, string>): Record<string, string> {
  return request.kind !== 'employers' && request.employer !== undefined && !cells.employer ? { ...cells, employer: request.employer } : cells;
}

/** Why the row is already there (an employer of the same name; a plan of the same employer, title and start date), or undefined. */
function alreadyThere(unit: ImportUnit, kind: ImportKind, body: Record<string, unknown>, context: RowContext, seen: Set<string>): string | undefined {
  if (kind === 'employers') {
    const name = body.name as string;
    return context.employers.hasName(name) ? `An employer named "${name}" is already there.` : undefined;
  }
  const [employer, title, start] = [body.employer as string, (body.title as string).trim(), body.start_date as string];
  const key = JSON.stringify([employer, title.toLocaleLowerCase('en-US'), start]);
  const note = `A ${kind} plan "${title}" of this employer starting ${start} is already there.`;
  if (seen.has(key) || findPlanId(sqliteOf(unit.context.db), employer, kind, title, start) !== undefined) return note;
  seen.add(key);
  return undefined;
}

/** Creates the row's record through the service, as the workspace's user; throws ApiError when the service refuses it. */
function create({ context, caller }: ImportUnit, kind: ImportKind, body: Record<string, unknown>): Promise<{ id: string }> {
  return kind === 'employers' ? createEmployer(context, caller, body) : createPlan(context, caller, kind, body);
}

/** A record a dry run created in a transaction it rolled back, made again; one the service now refuses is left out. */
async function createAgain(unit: ImportUnit, kind: ImportKind, body: Record<string, unknown>): Promise<void> {
  try {
    await create(unit, kind, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/** A refusal's field errors; one not tied to a field (a 404 for an employer not visible...) under non_field_errors. */
function refusalErrors(body: Record<string, unknown>): Record<string, string[]> {
  if (typeof body.detail === 'string') return { non_field_errors: [body.detail] };
  return Object.fromEntries(Object.entries(body).map(([field, messages]) => [field, Array.isArray(messages) ? messages.map(String) : [String(messages)]]));
}
