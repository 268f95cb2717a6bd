import { basename, extname } from 'node:path';
import { csvLines } from './csv-sheet.js';
import { nonTextContent } from './file-content.js';
import { ImportInputError, notASpreadsheet } from './import-input-error.js';
import { MAX_CSV_BYTES, MAX_ROWS, tooLarge } from './import-limits.js';
import type { RowRange } from '../../../shared/import-table.js';
import { sheetFileInMemory, type SheetFile } from './sheet-file.js';
import type { SheetInRows } from './sheet-in-rows.js';
import { workbookBytes } from './workbook-file.js';
import { readXlsxWorkbook } from './xlsx-sheet.js';

/** One data row: its cells as text, as many as the header row has; `row` counts data rows from 1. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** One sheet of a file: its header row, and its data rows (blank lines left out) to read once or more. */
export interface Sheet {
  /** Every sheet of the file (a CSV file has one, named after the file). */
  sheets: string[];
  sheet: string;
  headers: string[];
  /** How many data rows `rows()` gives (up to the last row asked for, when one was). */
  rowCount: number;
  rows(): AsyncIterable<SheetRow>;
}

/**
 * Opens a .csv or .xlsx file after checking that its content is what its name says and that it is
 * within the import's limits; reads it through once, so a file that cannot be read is refused
 * before any row is imported (up to `lastRow`, when only the rows up to it are wanted: the window
 * imports a previewed sheet a slice at a time). Throws an ImportInputError saying why when it cannot.
 */
export async function openSheet(file: SheetFile, sheetName?: string, lastRow = Number.POSITIVE_INFINITY): Promise<Sheet> {
  const extension = extname(file.name).toLowerCase();
  if (extension === '.csv') {
    if (sheetName !== undefined) throw new ImportInputError('a .csv file has one sheet; a sheet name is for .xlsx files');
    const looksLike = nonTextContent(file.head);
    if (looksLike !== undefined) throw notASpreadsheet(file.name, looksLike);
    if (file.size > MAX_CSV_BYTES) throw tooLarge.csvFile(file.name);
    const name = basename(file.name);
    return sheetOf(file.name, [name], name, () => csvLines(file), lastRow);
  }
  if (extension === '.xlsx') {
    const bytes = await workbookBytes(file);
    const book = xlsxWorkbook(file.name, bytes);
    const sheet = sheetName ?? book.sheets[0];
    if (sheet === undefined) throw new ImportInputError('the workbook has no sheet');
    const lines = book.linesOf(sheet);
    if (lines === 'too-many') throw tooLarge.rows(file.name);
    return sheetOf(file.name, book.sheets, sheet, () => lines, lastRow);
  }
  throw new ImportInputError(`cannot read "${file.name}": only .csv and .xlsx files can be imported`);
}

/**
 * Reads a file in memory (its name says how: .csv or .xlsx) into the rows of one sheet, within
 * `range` when given, as openSheet reads it (and refuses it: an ImportInputError saying why).
 */
export async function readSheetInRows(fileName: string, bytes: Uint8Array, sheetName: string | undefined, range: RowRange | undefined): Promise<SheetInRows> {
  const sheet = await openSheet(sheetFileInMemory(fileName, bytes), sheetName, range?.to);
  const rows: SheetRow[] = [];
  for await (const row of sheet.rows()) {
    if (range && row.row < range.from) continue;
    rows.push(row);
  }
  return { sheets: sheet.sheets, sheet: sheet.sheet, headers: sheet.headers, rowCount: sheet.rowCount, rows };
}

function xlsxWorkbook(fileName: string, bytes: Uint8Array) {
  try {
    // The header line, the data rows, and one more line to tell a sheet that has too many.
    return readXlsxWorkbook(bytes, MAX_ROWS + 2);
  } catch (error) {
    throw new ImportInputError(`${basename(fileName)} is not a readable .xlsx workbook: ${(error as Error).message}`);
  }
}

/** The first pass finds the header and counts the data rows, within the limit; `rows()` reads them again. */
async function sheetOf(
  fileName: string,
  sheets: string[],
  sheet: string,
  lines: () => AsyncIterable<string[]> | Iterable<string[]>,
  lastRow: number,
): Promise<Sheet> {
  let headers: string[] | undefined;
  let rowCount = 0;
  for await (const cells of lines()) {
    if (isBlank(cells)) continue;
    if (headers === undefined) headers = cells.map((header) => header.trim());
    else if (++rowCount > MAX_ROWS) throw tooLarge.rows(fileName);
    else if (rowCount === lastRow) break;
  }
  if (headers === undefined) throw new ImportInputError(`the sheet "${sheet}" is empty; it needs a header row naming its columns`);
  const width = headers.length;
  return {
    sheets,
    sheet,
    headers,
    rowCount,
    async *rows() {
      let row = -1;
      for await (const cells of lines()) {
        if (isBlank(cells)) continue;
        row += 1;
        if (row > rowCount) return;
        if (row > 0) yield { row, cells: Array.from({ length: width }, (_, column) => (cells[column] ?? '').trim()) };
      }
    },
  };
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
