import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Sheet, SheetRow } from './read-sheet.js';

/**
 * A sheet read into its rows in one go (readSheetInRows): what the thread that reads a file (the
 * app's worker) hands to the thread that imports it. Plain data, so it crosses between threads as
 * it is.
 */
export interface SheetInRows {
  sheets: string[];
  sheet: string;
  headers: string[];
  /** As Sheet.rowCount: the data rows, up to the last one asked for. */
  rowCount: number;
  /** The data rows of the range asked for (all of them when none was). */
  rows: SheetRow[];
}

/**
 * The rows read elsewhere, as the Sheet the import reads. The first row comes a turn of the event
 * loop after it is asked for, as a file's first row does: what the import does before it (reading
 * the records the rows are checked against) and its first chunk of rows are not one stretch of work.
 */
export function sheetOfRows(read: SheetInRows): Sheet {
  return {
    sheets: read.sheets,
    sheet: read.sheet,
    headers: read.headers,
    rowCount: read.rowCount,
    async *rows() {
      await nextTurn();
      yield* read.rows;
    },
  };
}
