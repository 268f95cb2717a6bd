// Files that are not what their name says, or are made to exhaust memory: the import looks at the
// content, not the extension, keeps within documented limits, and refuses in words before it
// writes anything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportInputError } from '../../main/import/table/import-input-error.js';
import { MAX_ROWS, MAX_XLSX_UNPACKED_BYTES } from '../../main/import/table/import-limits.js';
import { importTable } from '../../main/import/table/import-table.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { letterPdf } from '../support/made-pdfs.js';
import { csvBytes, xlsxBytes } from './support/sheets.js';
import { deflatedSheet, sheetXml, workbookParts, zipArchive } from './support/zip.js';

const HEADERS = ['Employer name', 'URL', 'Eligible employees', 'NAICS codes', 'States'];
const ROWS = [HEADERS, ['Acme Widgets', 'https://acme.example.com', '250', '332710', 'CA'], ['Zenith Foods', 'https://zenith.example.com', '40', '', 'TX']];

let dir: string;
let ws: Workspace;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-hostile-import-'));
  await initWorkspace(dir, { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' });
  ws = await openWorkspace(dir);
});

afterAll(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

const everything = () =>
  ws.db
    .prepare(
      "SELECT (SELECT count(*) FROM employers) || '/' || (SELECT count(*) FROM outbox) || '/' || (SELECT count(*) FROM record_history) || (SELECT count(*) FROM import_mappings)",
    )
    .pluck()
    .get();

/** Imports the bytes under the name; expects the refusal, in words, and nothing written. */
async function expectRefused(fileName: string, bytes: Uint8Array, reason: string | RegExp): Promise<void> {
  const before = everything();
  const attempt = importTable(ws, { fileName, bytes, kind: 'employers' }, { dryRun: false });
  await expect(attempt).rejects.toBeInstanceOf(ImportInputError);
  await expect(attempt).rejects.toThrow(reason);
  expect(everything()).toBe(before);
}

describe('a file whose content is not what its name says', () => {
  it('refuses a PDF named .xlsx or .csv: "FILE is not a spreadsheet (it looks like a PDF)"', async () => {
    const pdf = await letterPdf();
    await expectRefused('clients.xlsx', pdf, 'clients.xlsx is not a spreadsheet (it looks like a PDF)');
    await expectRefused('clients.csv', pdf, 'clients.csv is not a spreadsheet (it looks like a PDF)');
  });

  it('refuses a CSV file or plain text named .xlsx, instead of reading "0 rows"', async () => {
    await expectRefused(
      'clients.xlsx',
      csvBytes(ROWS),
      'clients.xlsx is not a spreadsheet (it looks like text, such as a CSV file, which is imported when it is named .csv)',
    );
    await expectRefused('notes.xlsx', Buffer.from('just a note\n'), /notes\.xlsx is not a spreadsheet \(it looks like text/);
  });

  it('refuses an HTML table named .xlsx or .csv, as spreadsheet programs save "Excel" downloads', async () => {
    const html = Buffer.from(`<html><body><table><tr>${HEADERS.map((header) => `<td>${header}</td>`).join('')}</tr></table></body></html>`);
    await expectRefused('download.xlsx', html, 'download.xlsx is not a spreadsheet (it looks like an HTML page)');
    await expectRefused('download.csv', Buffer.from(`<!DOCTYPE html>\n${html.toString()}`), 'download.csv is not a spreadsheet (it looks like an HTML page)');
  });

  it('refuses UTF-16 text, as some spreadsheet programs save "Unicode" CSV, saying how to save it', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvBytes(ROWS).toString('utf8'), 'utf16le')]);
    await expectRefused('unicode.csv', utf16, 'unicode.csv is not a spreadsheet (it looks like UTF-16 text; save it from the spreadsheet as "CSV UTF-8")');
  });

  it('refuses random bytes, instead of reading thousands of rows of errors', async () => {
    const random = Buffer.from(fc.sample(fc.uint8Array({ minLength: 200_000, maxLength: 200_000 }), { numRuns: 1, seed: 23 })[0]!);
    await expectRefused('random.xlsx', random, 'random.xlsx is not a spreadsheet (it looks like binary data, not text)');
    await expectRefused('random.csv', random, 'random.csv is not a spreadsheet (it looks like binary data, not text)');
  });

  it('refuses an old .xls workbook, a Word document and a ZIP archive without a workbook, saying which', async () => {
    await expectRefused(
      'old.xlsx',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Buffer.alloc(600)]),
      'old.xlsx is not a spreadsheet (it looks like an Excel 97-2003 .xls workbook or another old Office file; save it as .xlsx)',
    );
    const word = zipArchive([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    await expectRefused('letter.xlsx', word, 'letter.xlsx is not a spreadsheet (it looks like a Word document)');
    await expectRefused(
      'photos.xlsx',
      zipArchive([{ name: 'photo.txt', data: Buffer.from('hello') }]),
      'photos.xlsx is not a spreadsheet (it looks like a ZIP archive that holds no workbook)',
    );
    await expectRefused('book.csv', xlsxBytes({ Employers: ROWS }), /book\.csv is not a spreadsheet \(it looks like a ZIP archive/);
  });

  it('still imports a real workbook, made by a spreadsheet program or by hand', async () => {
    expect((await importTable(ws, { fileName: 'book.xlsx', bytes: xlsxBytes({ Employers: ROWS }), kind: 'employers' }, { dryRun: true })).created).toBe(2);
    const byHand = zipArchive(workbookParts(sheetXml(ROWS)));
    expect((await importTable(ws, { fileName: 'hand.xlsx', bytes: byHand, kind: 'employers' }, { dryRun: true })).created).toBe(2);
  });
});

describe('the limits on what one import takes', () => {
  it('refuses a ZIP bomb (a 3 MB .xlsx holding a gibibyte of sheet XML) before unpacking it', async () => {
    const bomb = zipArchive(workbookParts(await deflatedSheet(1024 ** 3)));
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    await expectRefused('bomb.xlsx', bomb, 'bomb.xlsx unpacks to more than 40 MB, the most one .xlsx import takes; save the sheet as CSV or split it');
  });

  it('unpacks to count, not to trust: a bomb whose directory understates its size is refused too', async () => {
    const bomb = zipArchive(workbookParts(await deflatedSheet(200 * 1024 ** 2)), (name) => (name.endsWith('sheet1.xml') ? 1000 : undefined));
    const heapBefore = process.memoryUsage().arrayBuffers;
    await expectRefused('liar.xlsx', bomb, 'liar.xlsx unpacks to more than 40 MB');
    // Unpacking stops at the limit, not at the 200 MB the bomb holds: what it made is the limit and
    // the few chunks zlib had in flight when it was stopped (64 KB on Node 24).
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(MAX_XLSX_UNPACKED_BYTES + 1024 * 1024);
  });

  it(`refuses a sheet of more than ${MAX_ROWS.toLocaleString('en-US')} rows, CSV or .xlsx, and takes one of exactly that many`, async () => {
    const rows = (count: number) => [['Employer name'], ...Array.from({ length: count }, (_, index) => [`E${index}`])];
    await expectRefused(
      'many.csv',
      csvBytes(rows(MAX_ROWS + 1)),
      'many.csv has more than 100,000 rows, the most one import takes; split it into smaller files',
    );
    await expectRefused('many.xlsx', zipArchive(workbookParts(sheetXml(rows(MAX_ROWS + 1)))), 'many.xlsx has more than 100,000 rows');
    const report = await importTable(
      ws,
      { fileName: 'full.csv', bytes: csvBytes(rows(MAX_ROWS)), kind: 'employers', rows: { from: MAX_ROWS, to: MAX_ROWS } },
      { dryRun: true },
    );
    expect(report.rows).toBe(1);
  });

  it('refuses a CSV line of more than a million characters, which no spreadsheet row is', async () => {
    await expectRefused(
      'long.csv',
      csvBytes([HEADERS, ['x'.repeat(1_000_001), 'https://long.example.com', '1', '', '']]),
      /long\.csv has a line of more than a million characters \(line 2\)/,
    );
  });
});

describe('fuzzed files', () => {
  const workbook = xlsxBytes({ Employers: ROWS });
  const csv = csvBytes(ROWS);

  /** Either a report or an ImportInputError saying why; never another error, never a write when refused. */
  async function importsOrRefusesInWords(fileName: string, bytes: Uint8Array): Promise<void> {
    const before = everything();
    try {
      await importTable(ws, { fileName, bytes, kind: 'employers' }, { dryRun: true });
    } catch (error) {
      expect(error, String(error)).toBeInstanceOf(ImportInputError);
      expect((error as Error).message).toMatch(/^[^\n]{10,400}$/);
    }
    expect(everything()).toBe(before);
  }

  it('answers any bytes under either name with a report or a sentence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom('f.csv', 'f.xlsx'), (bytes, name) => importsOrRefusesInWords(name, bytes)),
      { numRuns: 150, seed: 2323 },
    );
  });

  it('answers a workbook or a CSV file with bytes changed or cut short with a report or a sentence', async () => {
    const damaged = (source: Buffer) =>
      fc
        .tuple(fc.array(fc.tuple(fc.nat({ max: source.length - 1 }), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }), fc.nat({ max: source.length }))
        .map(([changes, cut]) => {
          const copy = Buffer.from(source);
          for (const [at, value] of changes) copy[at] = value;
          return copy.subarray(0, Math.max(cut, 1));
        });
    await fc.assert(
      fc.asyncProperty(damaged(workbook), (bytes) => importsOrRefusesInWords('book.xlsx', bytes)),
      { numRuns: 150, seed: 2324 },
    );
    await fc.assert(
      fc.asyncProperty(damaged(csv), (bytes) => importsOrRefusesInWords('sheet.csv', bytes)),
      { numRuns: 100, seed: 2325 },
    );
  });
});
