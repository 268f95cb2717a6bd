import { ImportInputError } from './import-input-error.js';
import { extname } from 'node:path';
import { readCsvRows } from './csv-sheet.js';
import { readXlsxWorkbook } from './xlsx-sheet.js';

/** One sheet of a file: its header row and its data rows, blank lines left out. */
export interface Sheet {
  /** Every sheet of the file (a CSV file has one, named after the file). */
  sheets: string[];
  sheet: string;
  headers: string[];
  /** Data rows as text, each as long as the header row; `row` counts them from 1. */
  rows: { row: number; cells: string[] }[];
}

/** Reads a .csv or .xlsx file; throws an Error saying why when it cannot. */
export function readSheet(fileName: string, bytes: Uint8Array, sheetName?: string): Sheet {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.csv') {
    if (sheetName !== undefined) throw new ImportInputError('a .csv file has one sheet; a sheet name is for .xlsx files');
    return sheetOf([fileName], fileName, csvRows(bytes));
  }
  if (extension === '.xlsx') {
    const book = xlsxWorkbook(bytes);
    const sheet = sheetName ?? book.sheets[0];
    if (sheet === undefined) throw new ImportInputError('the workbook has no sheet');
    return sheetOf(book.sheets, sheet, book.rowsOf(sheet));
  }
  throw new ImportInputError(`cannot read "${fileName}": only .csv and .xlsx files can be imported`);
}

function csvRows(bytes: Uint8Array): string[][] {
  try {
    return readCsvRows(bytes);
  } catch (error) {
    if (error instanceof TypeError) throw new ImportInputError('the file is not UTF-8 text; save it from the spreadsheet as "CSV UTF-8"');
    throw new ImportInputError(`the file is not readable CSV: ${(error as Error).message}`);
  }
}

function xlsxWorkbook(bytes: Uint8Array) {
  try {
    return readXlsxWorkbook(bytes);
  } catch (error) {
    throw new ImportInputError(`the file is not a readable .xlsx workbook: ${(error as Error).message}`);
  }
}

function sheetOf(sheets: string[], sheet: string, table: string[][]): Sheet {
  const [headerRow, ...body] = table.filter((cells) => !isBlank(cells));
  if (!headerRow) throw new ImportInputError(`the sheet "${sheet}" is empty; it needs a header row naming its columns`);
  const headers = headerRow.map((header) => header.trim());
  const rows = body.map((cells, index) => ({ row: index + 1, cells: headers.map((_header, column) => (cells[column] ?? '').trim()) }));
  return { sheets, sheet, headers, rows };
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
