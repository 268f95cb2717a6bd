import { ImportInputError } from './import-input-error.js';
import { read, utils } from '@e965/xlsx';

export interface Workbook {
  sheets: string[];
  rowsOf(sheet: string): string[][];
}

/**
 * An .xlsx workbook. Cells are read as the spreadsheet shows them (its number and date formats),
 * which the field parsers then read as a broker's typing; dates without a format read as ISO.
 */
export function readXlsxWorkbook(bytes: Uint8Array): Workbook {
  const book = read(bytes, { type: 'array', cellDates: true, dense: true });
  return {
    sheets: book.SheetNames,
    rowsOf(sheet) {
      const content = book.Sheets[sheet];
      if (!content) throw new ImportInputError(`no sheet named "${sheet}" (sheets: ${book.SheetNames.join(', ')})`);
      return utils.sheet_to_json<string[]>(content, { header: 1, raw: false, defval: '', blankrows: true, dateNF: 'yyyy-mm-dd' });
    },
  };
}
