import { ImportInputError } from './import-input-error.js';
import { read, utils } from '@e965/xlsx';

export interface Workbook {
  sheets: string[];
  /** The sheet's lines, at most `maxLines` of them; 'too-many' when it has more. */
  linesOf(sheet: string): string[][] | 'too-many';
}

/**
 * An .xlsx workbook (checked beforehand by `checkWorkbookFile`). Cells are read as the spreadsheet
 * shows them (its number and date formats), which the field parsers then read as a broker's typing;
 * dates without a format read as ISO. No sheet is read past `maxLines` lines.
 */
export function readXlsxWorkbook(bytes: Uint8Array, maxLines: number): Workbook {
  const book = read(bytes, { type: 'array', cellDates: true, dense: true, sheetRows: maxLines });
  return {
    sheets: book.SheetNames,
    linesOf(sheet) {
      const content = book.Sheets[sheet];
      if (!content) throw new ImportInputError(`no sheet named "${sheet}" (sheets: ${book.SheetNames.join(', ')})`);
      // The reader notes the sheet's whole range when it stopped short of it.
      const whole = content['!fullref'];
      if (whole !== undefined && utils.decode_range(whole).e.r + 1 > maxLines) return 'too-many';
      return utils.sheet_to_json<string[]>(content, { header: 1, raw: false, defval: '', blankrows: true, dateNF: 'yyyy-mm-dd' });
    },
  };
}
