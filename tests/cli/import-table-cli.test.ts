// `plandesk import table`, spawned for real against a workspace: the JSON a script reads, the
// exit codes, and what a dry run leaves behind (nothing).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvBytes, xlsxBytes } from '../import/support/sheets.js';
import { runPlandesk } from '../support/cli-run.js';

let dir: string;
let ws: string;

const run = (args: string[]) => runPlandesk(args, '', { env: { HOME: dir, PLANDESK_WORKSPACE: ws } });

function file(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function employerNames(): Promise<string[]> {
  const result = await run(['local', 'call', '--workspace', ws, 'GET', '/employers/list/']);
  return (JSON.parse(result.stdout).body as { name: string }[]).map((employer) => employer.name).sort();
}

const HEADERS = ['Employer name', 'URL', 'Eligible employees', 'NAICS codes', 'States'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-import-cli-'));
  ws = join(dir, 'ws');
  const init = await run(['local', 'init', '--workspace', ws, '--account', 'Acme Brokers', '--email', 'me@broker.example.com', '--division', 'Main']);
  expect(init.code, init.stderr).toBe(0);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('plandesk import table', () => {
  it('with --dry-run prints what would happen and writes nothing', async () => {
    const csv = file('dry.csv', csvBytes([HEADERS, ['Dry Run Co', 'https://dry.example.com', '10', '', '']]));
    const result = await run(['import', 'table', '--workspace', ws, csv, '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ rows: 1, created: 1, skipped: 0, errors: [] });
    expect(await employerNames()).toEqual([]);
  });

  it('prints {rows, created, skipped, errors} and exits 1 when a row has an error, writing the other rows', async () => {
    const csv = file(
      'employers.csv',
      csvBytes([HEADERS, ['Acme Widgets', 'https://acme.example.com', '250', '332710;423830', 'CA,NV'], [], ['Bad Co', 'ftp://bad', '10', '', '']], {
        bom: true,
        delimiter: ';',
      }),
    );
    const result = await run(['import', 'table', '--workspace', ws, csv, '--json']);
    expect(result.code, result.stderr).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      rows: 2,
      created: 1,
      skipped: 0,
      errors: [{ row: 2, column: 'URL', field: 'url', message: "Enter a valid URL starting with 'https://' or 'http://', with a host name." }],
    });
    expect(await employerNames()).toEqual(['Acme Widgets']);
  });

  it('exits 0 when every row is created or already there, and says so in words without --json', async () => {
    const book = file(
      'employers.xlsx',
      xlsxBytes({
        Notes: [['nothing here']],
        Clients: [HEADERS, ['Acme Widgets', 'https://acme.example.com', 250, 332710, 'CA'], ['Zenith Foods', 'https://zenith.example.com', 40, '', 'TX']],
      }),
    );
    const result = await run(['import', 'table', '--workspace', ws, book, '--sheet', 'Clients']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('2 rows: 1 created, 1 already there, 0 with errors.\nrow 1: skipped: An employer named "Acme Widgets" is already there.\n');
    expect(await employerNames()).toEqual(['Acme Widgets', 'Zenith Foods']);
  });

  it('takes --map COLUMN=FIELD, and remembers it for the next file with the same headers', async () => {
    const headers = ['Client', 'Site', 'Headcount'];
    const first = file('mapped.csv', csvBytes([headers, ['Mapped One', 'https://one.example.com', '5']]));
    const mapped = await run(['import', 'table', '--workspace', ws, first, '--map', 'Client=name', '--map', 'Site=url', '--map', 'Headcount=size', '--json']);
    expect(JSON.parse(mapped.stdout)).toMatchObject({ created: 1, errors: [] });
    const second = file('mapped-again.csv', csvBytes([headers, ['Mapped Two', 'https://two.example.com', '6']]));
    const remembered = await run(['import', 'table', '--workspace', ws, second, '--json']);
    expect(remembered.code, remembered.stderr).toBe(0);
    expect(JSON.parse(remembered.stdout)).toMatchObject({ created: 1, errors: [] });
  });

  it('imports plans of one kind whose employer is named, and reports an unknown employer', async () => {
    const headers = [
      'Employer',
      'Plan title',
      'Carrier',
      'Start date',
      'End date',
      'pt',
      'funding',
      'T1 EE',
      'T2 EE',
      'T3 EE',
      'T4 EE',
      'T1 gross',
      'T2 gross',
      'T3 gross',
      'T4 gross',
      'exam_frequency',
      'lenses_frequency',
      'frames_frequency',
      'contacts_frequency',
      'exam_copay',
      'lenses_copay',
      'frames_allowance',
      'contacts_allowance',
    ];
    const plan = (employer: string) => [
      employer,
      'VSP Choice',
      'VSP',
      '2027-01-01',
      '2027-12-31',
      'yes',
      'FUNDING_FULLY',
      '60',
      '120',
      '125',
      '190',
      '96',
      '180',
      '190',
      '290',
      '12',
      '12',
      '24',
      '12',
      '10',
      '25',
      '150',
      '150',
    ];
    const csv = file('vision.csv', csvBytes([headers, plan('Acme Widgets'), plan('Nobody Inc')]));
    const result = await run(['import', 'table', '--workspace', ws, csv, '--kind', 'vision', '--json']);
    const report = JSON.parse(result.stdout);
    expect(result.code, result.stderr).toBe(1);
    expect(report).toMatchObject({ rows: 2, created: 1, skipped: 0 });
    expect(report.errors).toEqual([{ row: 2, column: 'Employer', field: 'employer', message: 'No employer named "Nobody Inc"; give its name or id.' }]);
  });

  it('refuses a kind it does not know with exit 2, and a file it cannot read with exit 1, each in one line', async () => {
    const csv = file('any.csv', csvBytes([HEADERS]));
    const kind = await run(['import', 'table', '--workspace', ws, csv, '--kind', 'pets']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toMatch(/^plandesk import table: --kind is one of employers, medical, .* not "pets" \(plandesk import table --help\)\n$/);
    const text = await run(['import', 'table', '--workspace', ws, file('notes.txt', Buffer.from('a,b'))]);
    expect(text.code).toBe(1);
    expect(text.stderr).toBe('plandesk import table: cannot read "' + join(dir, 'notes.txt') + '": only .csv and .xlsx files can be imported\n');
    const badMap = await run(['import', 'table', '--workspace', ws, csv, '--map', 'Nope=name']);
    expect(badMap.code).toBe(1);
    expect(badMap.stderr).toMatch(/no column "Nope" in the sheet/);
  });

  it("is listed in plandesk --help, beside import sbc's group word", async () => {
    const help = await run(['--help']);
    expect(help.stdout).toContain('plandesk import table [--workspace DIR] FILE');
    const missing = await run(['import']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/plandesk import: give one of its commands: import sbc, import table/);
  });
});
