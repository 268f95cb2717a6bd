// Spreadsheet import: .csv and .xlsx files as brokers keep them, turned into employers and plans
// through the same schemas as the forms and the same router as `local call`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTable, type TableImport } from '../../main/import/table/import-table.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import type { ImportReport } from '../../shared/import-table.js';
import { validPlanBody } from '../support/fixtures.js';
import { csvBytes, xlsxBytes } from './support/sheets.js';

let dir: string;
let ws: Workspace;
let division: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-import-'));
  division = (await initWorkspace(dir, { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' })).division;
  ws = await openWorkspace(dir);
});

afterEach(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const response = await ws.router({ method, path, body, actor: ws.actor });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const count = (table: string) => ws.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

function run(request: Partial<Omit<TableImport, 'bytes' | 'path'>> & { bytes: Uint8Array }, dryRun = false): Promise<ImportReport> {
  return importTable(ws, { fileName: 'sheet.csv', kind: 'employers', ...request }, { dryRun });
}

const EMPLOYER_HEADERS = ['Employer name', 'URL', 'Eligible employees', 'NAICS codes', 'States'];
const acme = ['Acme Widgets', 'https://acme.example.com', '250', '332710; 423830', 'CA, NV'];
const zenith = ['Zenith Foods', 'https://zenith.example.com', '1,200', '311999', 'TX'];

async function employerNamed(name: string) {
  return ((await ok('GET', '/employers/summaries/')) as { name: string; id: string }[]).find((employer) => employer.name === name);
}

describe('reading employers from a CSV file', () => {
  it('creates one employer per row, lists in a cell split on ";" or ",", in the only division held', async () => {
    const report = await run({ bytes: csvBytes([EMPLOYER_HEADERS, acme, zenith]) });
    expect(report).toMatchObject({ rows: 2, created: 2, skipped: 0, errors: [] });
    const created = await ok('GET', `/employers/${(await employerNamed('Acme Widgets'))!.id}/`);
    expect(created).toMatchObject({ url: 'https://acme.example.com', size: '250', naics_codes: ['332710', '423830'], location_states: ['CA', 'NV'], division });
    expect((await ok('GET', `/employers/${(await employerNamed('Zenith Foods'))!.id}/`)).size).toBe('1200');
  });

  it('reads a file with a byte-order mark and semicolons between the cells', async () => {
    const report = await run({ bytes: csvBytes([EMPLOYER_HEADERS, acme], { delimiter: ';', bom: true }) });
    expect(report).toMatchObject({ headers: EMPLOYER_HEADERS, created: 1, errors: [] });
    expect((await ok('GET', `/employers/${(await employerNamed('Acme Widgets'))!.id}/`)).naics_codes).toEqual(['332710', '423830']);
  });

  it('queues every created employer for sync, as a form would', async () => {
    await run({ bytes: csvBytes([EMPLOYER_HEADERS, acme, zenith]) });
    expect(ws.db.prepare("SELECT count(*) FROM outbox WHERE entity = 'employer' AND op = 'create'").pluck().get()).toBe(2);
  });

  it('skips blank lines, which are not data rows', async () => {
    const report = await run({ bytes: csvBytes([EMPLOYER_HEADERS, [], acme, ['', '', '', '', ''], ['Bad Co', 'not a url', '10', '', '']]) });
    expect(report.rows).toBe(2);
    expect(report.errors).toEqual([{ row: 2, column: 'URL', field: 'url', message: expect.stringContaining('valid URL') }]);
  });

  it('reports every wrong value on its row, column and field, and writes the other rows', async () => {
    const bytes = csvBytes([
      EMPLOYER_HEADERS,
      acme,
      ['Bad Co', 'https://bad.example.com', 'many', '12345', 'California'],
      zenith,
      ['Unknown Industry Co', 'https://unknown.example.com', '20', '999999', 'NV'],
    ]);
    const report = await run({ bytes });
    expect(report).toMatchObject({ rows: 4, created: 2, skipped: 0 });
    expect(report.errors).toEqual([
      { row: 2, column: 'Eligible employees', field: 'size', message: '“many” is not a number. Type eligible employees in digits, e.g. 250 or 1,250.' },
      { row: 2, column: 'NAICS codes', field: 'naics_codes', message: "'12345' is not a 6-digit NAICS code." },
      { row: 2, column: 'States', field: 'location_states', message: expect.stringContaining("'CALIFORNIA' is not a capitalized 2-letter US state") },
      { row: 4, column: 'NAICS codes', field: 'naics_codes', message: "'999999' is not a 2017 NAICS code." },
    ]);
    expect(await employerNamed('Bad Co')).toBeUndefined();
    expect(await employerNamed('Unknown Industry Co')).toBeUndefined();
    expect(count('employers')).toBe(2);
  });

  it('refuses a cell holding a NUL on its row and column, as the API refuses one in JSON', async () => {
    const report = await run({ bytes: csvBytes([EMPLOYER_HEADERS, ['Acme\u0000Widgets', ...acme.slice(1)], zenith]) });
    expect(report).toMatchObject({ rows: 2, created: 1 });
    expect(report.errors).toEqual([{ row: 1, column: 'Employer name', field: 'name', message: 'Null characters are not allowed.' }]);
    expect(count('employers')).toBe(1);
  });

  it('names a required field that has no column, with an empty column', async () => {
    const report = await run({
      bytes: csvBytes([
        ['Name', 'URL'],
        ['Acme Widgets', 'https://acme.example.com'],
      ]),
    });
    expect(report.errors).toContainEqual({ row: 1, column: '', field: 'size', message: 'This field is required.' });
  });

  it('finds divisions and filters by name, and says which name it does not know', async () => {
    const west = (await ok('POST', '/divisions/', { name: 'West', users: ['broker@example.com'], employer_ids: [] })).id as string;
    const nonProfit = ((await ok('GET', '/filters/list/')) as { id: string; name: string }[]).find((filter) => filter.name === 'Non-Profit Organization')!.id;
    const headers = [...EMPLOYER_HEADERS, 'Division', 'Filters'];
    const report = await run({ bytes: csvBytes([headers, [...acme, 'west', 'non-profit organization'], [...zenith, 'Nowhere', 'Charity']]) });
    expect(await ok('GET', `/employers/${(await employerNamed('Acme Widgets'))!.id}/`)).toMatchObject({ division: west, other_filters: [nonProfit] });
    expect(report.errors).toEqual([
      { row: 2, column: 'Filters', field: 'other_filters', message: 'No filter named "Charity"; give its name or id.' },
      { row: 2, column: 'Division', field: 'division', message: 'No division named "Nowhere"; give its name or id.' },
    ]);
  });
});

describe('rows already there', () => {
  it('imports the same file twice without creating anything twice', async () => {
    const bytes = csvBytes([EMPLOYER_HEADERS, acme, zenith]);
    await run({ bytes });
    const again = await run({ bytes });
    expect(again).toMatchObject({ rows: 2, created: 0, skipped: 2, errors: [] });
    expect(again.rowsDetail[0]).toMatchObject({ status: 'skipped', note: 'An employer named "Acme Widgets" is already there.' });
    expect(count('employers')).toBe(2);
  });

  it('skips a second row of the same employer name in one file, in any case', async () => {
    const report = await run({ bytes: csvBytes([EMPLOYER_HEADERS, acme, ['ACME WIDGETS', 'https://other.example.com', '5', '', '']]) });
    expect(report).toMatchObject({ created: 1, skipped: 1, errors: [] });
  });
});

describe('reading plans of one kind', () => {
  const dentalHeaders = Object.keys(validPlanBody('dental'));
  const dentalRow = (overrides: Record<string, unknown>) => {
    const body = validPlanBody('dental', overrides);
    return dentalHeaders.map((header) => (body[header] === null || body[header] === undefined ? '' : String(body[header])));
  };
  let employerId: string;

  beforeEach(async () => {
    employerId = (
      await ok('POST', '/employers/', {
        name: 'Acme Widgets',
        url: 'https://acme.example.com',
        size: '250',
        naics_codes: [],
        location_states: [],
        other_filters: [],
        division,
      })
    ).id;
  });

  it('creates plans whose employer is named by name or by id', async () => {
    const bytes = csvBytes([
      dentalHeaders,
      dentalRow({ employer: 'acme widgets', title: 'Dental A' }),
      dentalRow({ employer: employerId.toUpperCase(), title: 'Dental B' }),
    ]);
    const report = await run({ bytes, kind: 'dental' });
    expect(report).toMatchObject({ rows: 2, created: 2, errors: [] });
    const employer = await ok('GET', `/employers/${employerId}/`);
    const refs = [...employer.plans, ...employer.plans_expired] as { benefit: string; id: string }[];
    const titles: string[] = [];
    for (const ref of refs) titles.push((await ok('GET', `/plans/dental/${ref.id}/`)).title);
    expect(titles.sort()).toEqual(['Dental A', 'Dental B']);
  });

  it('reports an employer it does not know, on the employer column', async () => {
    const report = await run({ bytes: csvBytes([dentalHeaders, dentalRow({ employer: 'Nobody Inc' })]), kind: 'dental' });
    expect(report.errors).toEqual([{ row: 1, column: 'employer', field: 'employer', message: 'No employer named "Nobody Inc"; give its name or id.' }]);
  });

  it('skips a plan of the same employer, title and start date, and refuses the same title in another year as the service does', async () => {
    const bytes = csvBytes([dentalHeaders, dentalRow({ employer: 'Acme Widgets' })]);
    await run({ bytes, kind: 'dental' });
    const again = await run({
      bytes: csvBytes([
        dentalHeaders,
        dentalRow({ employer: 'Acme Widgets' }),
        dentalRow({ employer: 'Acme Widgets', start_date: '2026-01-01', end_date: '2026-12-31' }),
      ]),
      kind: 'dental',
    });
    expect(again).toMatchObject({ created: 0, skipped: 1 });
    expect(again.errors).toEqual([{ row: 2, column: 'title', field: 'title', message: 'dental plan with this title already exists for this employer.' }]);
  });

  it("reads money, dates, yes/no and choices as brokers write them, under the forms' labels", async () => {
    const body = validPlanBody('dental', { employer: employerId, start_date: '2027-01-01', end_date: '2027-12-31' });
    const typed: Record<string, string> = {
      employer: 'Acme Widgets',
      start_date: '1/1/2027',
      end_date: 'Dec 31 2027',
      pt: 'No',
      funding: 'funding_fully',
      type: 'dppo',
      t1_ee: '$120',
      t2_ee: '$360.00',
      t4_gross: '1,560',
      prev_ded_apply: 'no',
      basic_ded_apply: 'Yes',
    };
    const labels: Record<string, string> = {
      title: 'Plan title',
      start_date: 'Start date',
      t1_ee: 'T1 EE',
      t2_ee: 'Tier 2 employee contribution',
      t4_gross: 'T4-GROSS',
    };
    const fields = Object.keys(body);
    const row = fields.map((field) => typed[field] ?? (body[field] === null || body[field] === undefined ? '' : String(body[field])));
    const report = await run({ bytes: csvBytes([fields.map((field) => labels[field] ?? field), row]), kind: 'dental' });
    expect(report).toMatchObject({ created: 1, errors: [] });
    const ref = ((await ok('GET', `/employers/${employerId}/`)).plans as { id: string }[])[0]!;
    expect(await ok('GET', `/plans/dental/${ref.id}/`)).toMatchObject(body);
  });

  it('gives a row that names no employer the employer the import was started for', async () => {
    const body = validPlanBody('dental', { employer: undefined, from_plan: null, from_action: null });
    const headers = Object.keys(body);
    const row = headers.map((field) => (body[field] === null ? '' : String(body[field])));
    const report = await run({ bytes: csvBytes([headers, row]), kind: 'dental', employer: employerId });
    expect(report).toMatchObject({ created: 1, errors: [] });
    expect((await ok('GET', `/employers/${employerId}/`)).plans_expired).toHaveLength(1);
  });

  it('treats a blank cell of an optional field as none', async () => {
    const bytes = csvBytes([dentalHeaders, dentalRow({ employer: 'Acme Widgets', from_plan: null, from_action: null })]);
    const report = await run({ bytes, kind: 'dental' });
    expect(report).toMatchObject({ created: 1, errors: [] });
  });

  it('previews in short rolled-back transactions as the import goes: a title used by an earlier row is refused, a repeated plan skipped', async () => {
    const bytes = csvBytes([
      dentalHeaders,
      dentalRow({ employer: 'Acme Widgets', title: 'Dental A' }),
      dentalRow({ employer: 'Acme Widgets', title: 'Dental B' }),
      dentalRow({ employer: 'Acme Widgets', title: 'dental a' }),
      dentalRow({ employer: 'Acme Widgets', title: 'Dental A', start_date: '2026-01-01', end_date: '2026-12-31' }),
    ]);
    const inShortTransactions = await importTable(ws, { fileName: 'sheet.csv', bytes, kind: 'dental' }, { dryRun: true, transactionMs: 0 });
    const inOne = await run({ bytes, kind: 'dental' }, true);
    expect(inShortTransactions).toEqual(inOne);
    expect(inOne.rowsDetail.map((row) => row.status)).toEqual(['create', 'create', 'skipped', 'rejected']);
    const imported = await importTable(ws, { fileName: 'sheet.csv', bytes, kind: 'dental' }, { dryRun: false, transactionMs: 0 });
    expect(imported.rowsDetail.map((row) => row.status)).toEqual(['created', 'created', 'skipped', 'rejected']);
    expect(imported.errors).toEqual(inOne.errors);
  });
});

describe('reading .xlsx workbooks', () => {
  it('reads the first sheet unless one is named', async () => {
    const bytes = xlsxBytes({ First: [EMPLOYER_HEADERS, acme], Second: [EMPLOYER_HEADERS, zenith] });
    const first = await run({ fileName: 'book.xlsx', bytes });
    expect(first).toMatchObject({ sheets: ['First', 'Second'], sheet: 'First', created: 1 });
    const second = await run({ fileName: 'book.xlsx', bytes, sheet: 'Second' });
    expect(second).toMatchObject({ sheet: 'Second', created: 1 });
    expect(await employerNamed('Zenith Foods')).toBeDefined();
  });

  it('reads number, date and boolean cells', async () => {
    const employerId = (
      await ok('POST', '/employers/', {
        name: 'Acme Widgets',
        url: 'https://acme.example.com',
        size: '250',
        naics_codes: [],
        location_states: [],
        other_filters: [],
        division,
      })
    ).id;
    const body = validPlanBody('dental', { employer: employerId });
    const headers = Object.keys(body);
    const cells = headers.map((header) => {
      const value = body[header];
      if (header === 'start_date') return new Date(2025, 0, 1);
      if (header === 'end_date') return new Date(2025, 11, 31);
      return value === null || value === undefined ? '' : (value as string | number | boolean);
    });
    const report = await run({ fileName: 'plans.xlsx', bytes: xlsxBytes({ Plans: [headers, cells] }), kind: 'dental' });
    expect(report).toMatchObject({ created: 1, errors: [] });
    const ref = ((await ok('GET', `/employers/${employerId}/`)).plans_expired as { id: string }[])[0]!;
    expect(await ok('GET', `/plans/dental/${ref.id}/`)).toMatchObject({ ...body, start_date: '2025-01-01', end_date: '2025-12-31' });
  });

  it('refuses a sheet the workbook does not have, naming the ones it has', async () => {
    await expect(run({ fileName: 'book.xlsx', bytes: xlsxBytes({ First: [EMPLOYER_HEADERS] }), sheet: 'Nope' })).rejects.toThrow(
      'no sheet named "Nope" (sheets: First)',
    );
  });

  it('refuses a CSV file that is not UTF-8, saying how to save it, and one without a header row', async () => {
    const latin1 = Buffer.from('Employer name,URL\r\nCaf\xe9 Roma,https://cafe.example.com\r\n', 'latin1');
    await expect(run({ bytes: latin1 })).rejects.toThrow('sheet.csv is not UTF-8 text; save it from the spreadsheet as "CSV UTF-8"');
    await expect(run({ bytes: Buffer.from('\r\n\r\n') })).rejects.toThrow('the sheet "sheet.csv" is empty; it needs a header row naming its columns');
  });

  it('refuses a file that is neither .csv nor .xlsx', async () => {
    await expect(run({ fileName: 'notes.txt', bytes: Buffer.from('a,b') })).rejects.toThrow('only .csv and .xlsx files can be imported');
  });
});

describe('column matches', () => {
  it('takes a match given for a column over the automatic one, and leaves a column out with null', async () => {
    const bytes = csvBytes([
      ['Company', 'Web', 'Eligible employees', 'Notes'],
      ['Acme Widgets', 'https://acme.example.com', '250', 'call in May'],
    ]);
    const report = await run({ bytes, map: { Company: 'name', Web: 'url', 'Eligible employees': null } });
    expect(report.mapping).toEqual({ Company: 'name', Web: 'url', 'Eligible employees': null, Notes: null });
    expect(report.errors).toEqual([{ row: 1, column: '', field: 'size', message: 'This field is required.' }]);
  });

  it('refuses a match that names a column the sheet lacks or a field the kind lacks', async () => {
    const bytes = csvBytes([EMPLOYER_HEADERS, acme]);
    await expect(run({ bytes, map: { Company: 'name' } })).rejects.toThrow('no column "Company" in the sheet');
    await expect(run({ bytes, map: { URL: 'website' } })).rejects.toThrow('"website" is not a field of this kind');
    expect(count('employers')).toBe(0);
  });

  it('remembers the matches for the next file with the same headers', async () => {
    const headers = ['Company', 'Web', 'Headcount'];
    await run({ bytes: csvBytes([headers, ['Acme Widgets', 'https://acme.example.com', '250']]), map: { Company: 'name', Web: 'url', Headcount: 'size' } });
    const next = await run({ bytes: csvBytes([headers, ['Zenith Foods', 'https://zenith.example.com', '40']]) });
    expect(next).toMatchObject({ created: 1, errors: [], mapping: { Company: 'name', Web: 'url', Headcount: 'size' } });
  });
});

describe('a dry run', () => {
  it('checks every row as the import would and writes nothing: no record, no queue entry, no remembered match', async () => {
    const before = { employers: count('employers'), outbox: count('outbox'), history: count('record_history') };
    const report = await run({ bytes: csvBytes([['Company', ...EMPLOYER_HEADERS.slice(1)], acme, acme, zenith]), map: { Company: 'name' } }, true);
    expect(report).toMatchObject({ rows: 3, created: 2, skipped: 1, errors: [], dryRun: true });
    expect(report.rowsDetail.map((row) => row.status)).toEqual(['create', 'skipped', 'create']);
    expect({ employers: count('employers'), outbox: count('outbox'), history: count('record_history') }).toEqual(before);
    expect(count('import_mappings')).toBe(0);
  });
});

describe('short transactions (the app, whose thread answers the window between them)', () => {
  const employerRows = (rows: number) => Array.from({ length: rows }, (_row, index) => [`Employer ${index}`, `https://e${index}.example.com`, '10', '', '']);
  const runShort = (bytes: Uint8Array, dryRun: boolean) =>
    importTable(ws, { fileName: 'sheet.csv', bytes, kind: 'employers' }, { dryRun, transactionMs: 0, onProgress: (done) => progress.push(done) });
  let progress: number[];
  beforeEach(() => (progress = []));

  it('ends a transaction once its time is spent, and gives the thread a turn between transactions, never inside one', async () => {
    const turns: boolean[] = [];
    let watching = true;
    const watch = () => {
      if (!watching) return;
      turns.push(ws.db.inTransaction);
      setImmediate(watch);
    };
    setImmediate(watch);
    await runShort(csvBytes([EMPLOYER_HEADERS, ...employerRows(30)]), false);
    watching = false;
    expect(progress).toEqual(Array.from({ length: 30 }, (_row, index) => index + 1));
    expect(turns.length).toBeGreaterThanOrEqual(30);
    expect(turns).not.toContain(true);
    expect(count('employers')).toBe(30);
  });

  it('previews in rolled-back transactions exactly as in one: a name or URL of an earlier row is found in a later transaction', async () => {
    const bytes = csvBytes([
      EMPLOYER_HEADERS,
      acme,
      zenith,
      ['ACME WIDGETS', 'https://other.example.com', '5', '', ''],
      ['Acme Again', 'https://ACME.example.com', '5', '', ''],
      ['Bad Co', 'not a url', '10', '', ''],
    ]);
    const inShortTransactions = await runShort(bytes, true);
    const inOne = await run({ bytes }, true);
    expect(inShortTransactions).toEqual(inOne);
    expect(inOne.rowsDetail.map((row) => row.status)).toEqual(['create', 'create', 'skipped', 'rejected', 'rejected']);
    expect(count('employers')).toBe(0);
    const imported = await runShort(bytes, false);
    expect(imported.rowsDetail.map((row) => row.status)).toEqual(['created', 'created', 'skipped', 'rejected', 'rejected']);
    expect(imported.errors).toEqual(inOne.errors);
  });

  it('stopped midway, keeps the transactions before and none after; run again, it creates the rest and nothing twice', async () => {
    ws.db.exec("CREATE TRIGGER fail_sixth BEFORE INSERT ON employers WHEN NEW.name = 'Employer 5' BEGIN SELECT RAISE(ABORT, 'the disk failed'); END");
    const bytes = csvBytes([EMPLOYER_HEADERS, ...employerRows(10)]);
    await expect(runShort(bytes, false)).rejects.toThrow('the disk failed');
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(count('employers')).toBe(5);
    ws.db.exec('DROP TRIGGER fail_sixth');
    const again = await runShort(bytes, false);
    expect(again).toMatchObject({ rows: 10, created: 5, skipped: 5, errors: [] });
    expect(count('employers')).toBe(10);
  });
});

it('reports progress chunk by chunk for a large file', async () => {
  const rows = Array.from({ length: 1200 }, (_row, index) => [`Employer ${index}`, `https://e${index}.example.com`, '10', '', '']);
  const progress: number[] = [];
  await importTable(
    ws,
    { fileName: 'big.csv', bytes: csvBytes([EMPLOYER_HEADERS, ...rows]), kind: 'employers' },
    { dryRun: false, onProgress: (done) => progress.push(done) },
  );
  expect(progress).toEqual([500, 1000, 1200]);
  expect(count('employers')).toBe(1200);
});
