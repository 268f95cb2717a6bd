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

/** The rows read elsewhere, as the Sheet the import reads. */
export function sheetOfRows(read: SheetInRows): Sheet {
  return {
    sheets: read.sheets,
    sheet: read.sheet,
    headers: read.headers,
    rowCount: read.rowCount,
    async *rows() {
      yield* read.rows;
    },
  };
}
