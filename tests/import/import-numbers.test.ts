// The spreadsheet import reads numbers and money by the forms' one rule: digit grouping must be
// well formed, and a refused cell says what is wrong in the field's words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTable } from '../../main/import/table/import-table.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { validPlanBody } from '../support/fixtures.js';
import { csvBytes } from './support/sheets.js';

let dir: string;
let ws: Workspace;
let division: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-import-numbers-'));
  division = (await initWorkspace(dir, { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' })).division;
  ws = await openWorkspace(dir);
});

afterEach(() => {
  ws.close();
  rmSync(dir, { recursive: true, force: true });
});

const sizes = async () =>
  ((await ws.router({ method: 'GET', path: '/employers/summaries/', body: undefined, actor: ws.actor })).body as { name: string; size: string }[]).map(
    ({ name, size }) => [name, size],
  );

describe('numbers in an imported sheet', () => {
  it('reads "1,234" and "1 234" as 1234, and refuses "12,34,5" as the employer form does, saying why', async () => {
    const rows = [
      ['Name', 'URL', 'Eligible employees'],
      ['Grouped', 'https://a.example', '1,234'],
      ['Spaced', 'https://b.example', '1 234'],
      ['Misgrouped', 'https://c.example', '12,34,5'],
    ];
    const report = await importTable(ws, { fileName: 'employers.csv', kind: 'employers', bytes: csvBytes(rows) }, { dryRun: false });
    expect(await sizes()).toEqual([
      ['Grouped', '1234'],
      ['Spaced', '1234'],
    ]);
    expect(report.errors).toEqual([
      {
        row: 3,
        column: 'Eligible employees',
        field: 'size',
        message: '“12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).',
      },
    ]);
  });

  it('refuses a misgrouped amount in a plan row, and an end date before the start, on their columns', async () => {
    const employer = (
      await ws.router({
        method: 'POST',
        path: '/employers/',
        actor: ws.actor,
        body: { name: 'Acme', url: 'https://acme.example', size: '20', naics_codes: [], location_states: [], other_filters: [], division },
      })
    ).body as { id: string };
    const body = validPlanBody('dental', { employer: employer.id, start_date: '2027-01-01', end_date: '2027-12-31' });
    const fields = Object.keys(body);
    const row = fields.map((field) => ({ t1_ee: '$12,34,5', end_date: '12/31/2026' })[field as 't1_ee'] ?? (body[field] === null ? '' : String(body[field])));
    const report = await importTable(ws, { fileName: 'dental.csv', kind: 'dental', bytes: csvBytes([fields, row]) }, { dryRun: true });
    expect(report.errors).toEqual([
      {
        row: 1,
        column: 't1_ee',
        field: 't1_ee',
        message: '“$12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).',
      },
      { row: 1, column: 'end_date', field: 'end_date', message: 'End date must be after the start date.' },
    ]);
  });
});
