import { basename } from 'node:path';
import { ImportInputError } from './import-input-error.js';

// What one import may hold, so a file made to exhaust memory or time is refused in words before a
// row is read into the workspace. README's reliability section lists them.

/** Data rows of one sheet: the header row and blank lines are not counted. */
export const MAX_ROWS = 100_000;
/** A .csv file, which is read as a stream (its size costs time, not memory). */
export const MAX_CSV_BYTES = 100 * 1024 * 1024;
/** One line of a .csv file: no spreadsheet row is that long. */
export const MAX_CSV_LINE_CHARACTERS = 1_000_000;
/** An .xlsx file as stored. */
export const MAX_XLSX_BYTES = 20 * 1024 * 1024;
/** Everything an .xlsx file holds, unpacked: the sheet reader keeps all of it in memory, several times over. */
export const MAX_XLSX_UNPACKED_BYTES = 40 * 1024 * 1024;
/** Parts (files) inside an .xlsx file; a workbook of a few sheets holds a dozen or two. */
export const MAX_XLSX_PARTS = 1000;

const MB = 1024 * 1024;

export const IMPORT_LIMITS_IN_WORDS = `${MAX_ROWS.toLocaleString('en-US')} data rows; a .csv file of at most ${MAX_CSV_BYTES / MB} MB (read as a stream); an .xlsx file of at most ${MAX_XLSX_BYTES / MB} MB that unpacks to at most ${MAX_XLSX_UNPACKED_BYTES / MB} MB`;

export const tooLarge = {
  rows: (fileName: string) =>
    new ImportInputError(
      `${basename(fileName)} has more than ${MAX_ROWS.toLocaleString('en-US')} rows, the most one import takes; split it into smaller files`,
    ),
  csvFile: (fileName: string) =>
    new ImportInputError(`${basename(fileName)} is larger than ${MAX_CSV_BYTES / MB} MB, the most one import takes; split it into smaller files`),
  csvLine: (fileName: string, line: number) =>
    new ImportInputError(`${basename(fileName)} has a line of more than a million characters (line ${line}), which no spreadsheet row is; it is not imported`),
  xlsxFile: (fileName: string) =>
    new ImportInputError(
      `${basename(fileName)} is larger than ${MAX_XLSX_BYTES / MB} MB, the most one .xlsx import takes; save the sheet as CSV (which may be up to ${MAX_CSV_BYTES / MB} MB) or split it`,
    ),
  xlsxUnpacked: (fileName: string) =>
    new ImportInputError(
      `${basename(fileName)} unpacks to more than ${MAX_XLSX_UNPACKED_BYTES / MB} MB, the most one .xlsx import takes; save the sheet as CSV or split it`,
    ),
  xlsxParts: (fileName: string) =>
    new ImportInputError(`${basename(fileName)} holds more than ${MAX_XLSX_PARTS} parts, which no workbook of a few sheets does; save the sheet as CSV`),
};
