import { basename } from 'node:path';

/** A file or a column match the person has to fix (unreadable file, unknown sheet, column or field): its message says how. */
export class ImportInputError extends Error {}

/** "sheet.xlsx is not a spreadsheet (it looks like a PDF)". */
export function notASpreadsheet(fileName: string, looksLike: string): ImportInputError {
  return new ImportInputError(`${basename(fileName)} is not a spreadsheet (it looks like ${looksLike})`);
}
