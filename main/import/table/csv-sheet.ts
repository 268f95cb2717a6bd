import { basename } from 'node:path';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ImportInputError } from './import-input-error.js';
import { MAX_CSV_LINE_CHARACTERS, tooLarge } from './import-limits.js';
import type { SheetFile } from './sheet-file.js';

const DELIMITERS = [',', ';'] as const;

/**
 * A CSV file's lines as cells of text, read as a stream: a line at a time is held, never the file.
 * UTF-8 with or without a byte-order mark; the delimiter (comma or semicolon, as spreadsheets save
 * it where the comma is the decimal mark) is the one the header line holds more of outside quotes.
 */
export async function* csvLines(file: SheetFile): AsyncGenerator<string[]> {
  const parser = parse({
    delimiter: delimiterOf(firstLine(file.head)),
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_CSV_LINE_CHARACTERS,
  });
  // pipeline ends the file's stream when the reader stops early, and hands any error to the parser.
  const lines = pipeline(file.stream(), strictUtf8, parser, () => {});
  try {
    for await (const cells of lines) yield cells as string[];
  } catch (error) {
    throw readError(file, error);
  }
}

/** UTF-8 text, refused (never read with U+FFFD in place of the bytes) when it is not; the byte-order mark dropped. */
async function* strictUtf8(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode();
}

function readError(file: SheetFile, error: unknown): unknown {
  if (error instanceof TypeError) return new ImportInputError(`${basename(file.name)} is not UTF-8 text; save it from the spreadsheet as "CSV UTF-8"`);
  if (error instanceof CsvError) {
    if (error.code === 'CSV_MAX_RECORD_SIZE') return tooLarge.csvLine(file.name, Number(error.lines));
    return new ImportInputError(`${basename(file.name)} is not readable CSV: ${error.message}`);
  }
  return error;
}

function firstLine(head: Uint8Array): string {
  const text = new TextDecoder('utf-8').decode(head);
  const end = text.search(/\r?\n/);
  return end === -1 ? text : text.slice(0, end);
}

function delimiterOf(headerLine: string): string {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  const count = (delimiter: string) => unquoted.split(delimiter).length - 1;
  return DELIMITERS.reduce((best, delimiter) => (count(delimiter) > count(best) ? delimiter : best));
}
