// Spreadsheet files as brokers save them, written by the tests: CSV (comma or semicolon, with or
// without a byte-order mark) and .xlsx workbooks of several sheets.
import { utils, write } from '@e965/xlsx';

/** A Date is a calendar date in local time, as a spreadsheet program stores one. */
type Cell = string | number | boolean | Date;

export function csvBytes(rows: readonly (readonly string[])[], options: { delimiter?: ',' | ';'; bom?: boolean } = {}): Buffer {
  const delimiter = options.delimiter ?? ',';
  const quote = (cell: string) => (/["\r\n,;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const text = rows.map((row) => row.map(quote).join(delimiter)).join('\r\n') + '\r\n';
  return Buffer.from((options.bom ? '\uFEFF' : '') + text, 'utf8');
}

export function xlsxBytes(sheets: Record<string, readonly (readonly Cell[])[]>): Buffer {
  const book = utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) utils.book_append_sheet(book, utils.aoa_to_sheet(rows as Cell[][], { cellDates: true }), name);
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
