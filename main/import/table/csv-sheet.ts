import { parse } from 'csv-parse/sync';

const DELIMITERS = [',', ';'] as const;

/**
 * A CSV file's rows as text. UTF-8 with or without a byte-order mark; the delimiter (comma or
 * semicolon, as spreadsheets save it where the comma is the decimal mark) is the one the header
 * line holds more of outside quotes.
 */
export function readCsvRows(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  return parse(text, { delimiter: delimiterOf(firstLine(text)), relax_column_count: true, skip_empty_lines: false }) as string[][];
}

function firstLine(text: string): string {
  const end = text.search(/\r?\n/);
  return end === -1 ? text : text.slice(0, end);
}

function delimiterOf(headerLine: string): string {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  const count = (delimiter: string) => unquoted.split(delimiter).length - 1;
  return DELIMITERS.reduce((best, delimiter) => (count(delimiter) > count(best) ? delimiter : best));
}
