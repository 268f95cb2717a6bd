// Spreadsheet import of 10,000 rows: `importTable` (read, match, validate, check for rows already
// there, create through the router, queue for sync) with one transaction per 500 rows, against
// one transaction per row, and against the bare router creating the same bodies one by one (what
// `local call --batch` does). Figures measured side by side in one run; compare the ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importTable } from '../main/import/table/import-table.js';
import { initWorkspace, openWorkspace, type Workspace } from '../main/workspace/workspace.js';
import type { ImportKind } from '../shared/import-table.js';
import { csvBytes } from '../tests/import/support/sheets.js';
import { validPlanBody } from '../tests/support/fixtures.js';

const ROWS = 10_000;
const TARGET_SECONDS = 10;
const rate = (seconds: number) => `${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s`;
const HEADERS = ['Employer name', 'URL', 'Eligible employees', 'NAICS codes', 'States'];

function employerRows(): string[][] {
  return Array.from({ length: ROWS }, (_row, index) => [`Employer ${index}`, `https://e${index}.example.com`, String(10 + index), '332710;423830', 'CA,NV']);
}

function dentalRows(): { headers: string[]; rows: string[][] } {
  const body = validPlanBody('dental', { employer: 'Bench Employer', from_plan: null, from_action: null });
  const headers = Object.keys(body);
  const rows = Array.from({ length: ROWS }, (_row, index) =>
    headers.map((field) => (field === 'title' ? `Dental ${index}` : body[field] === null ? '' : String(body[field]))),
  );
  return { headers, rows };
}

async function withWorkspace<T>(work: (ws: Workspace, division: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-bench-import-'));
  const division = (await initWorkspace(dir, { account: 'Bench', email: 'bench@example.com', division: 'Main' })).division;
  const ws = await openWorkspace(dir);
  return work(ws, division).finally(() => {
    ws.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

async function timedImport(kind: ImportKind, bytes: Buffer, chunkRows: number): Promise<number> {
  return withWorkspace(async (ws, division) => {
    if (kind !== 'employers')
      await ws.router({
        method: 'POST',
        path: '/employers/',
        actor: ws.actor,
        body: { name: 'Bench Employer', url: 'https://bench.example.com', size: '9', naics_codes: [], location_states: [], other_filters: [], division },
      });
    const started = performance.now();
    const report = await importTable(ws, { fileName: 'bench.csv', bytes, kind }, { dryRun: false, chunkRows });
    const seconds = (performance.now() - started) / 1000;
    if (report.created !== ROWS) throw new Error(`created ${report.created} of ${ROWS}: ${JSON.stringify(report.errors.slice(0, 3))}`);
    return seconds;
  });
}

async function timedRouter(rows: string[][]): Promise<number> {
  return withWorkspace(async (ws, division) => {
    const bodies = rows.map(([name, url, size]) => ({
      name,
      url,
      size,
      naics_codes: ['332710', '423830'],
      location_states: ['CA', 'NV'],
      other_filters: [],
      division,
    }));
    const started = performance.now();
    for (const body of bodies) await ws.router({ method: 'POST', path: '/employers/', body, actor: ws.actor });
    return (performance.now() - started) / 1000;
  });
}

async function main(): Promise<void> {
  console.log(`Spreadsheet import of ${ROWS.toLocaleString('en-US')} rows into a fresh workspace (file on disk already in memory)\n`);
  const employers = employerRows();
  const employersCsv = csvBytes([HEADERS, ...employers]);
  const chunked = await timedImport('employers', employersCsv, 500);
  const perRow = await timedImport('employers', employersCsv, 1);
  const router = await timedRouter(employers);
  console.log(
    `employers  import, 500 rows per transaction ${chunked.toFixed(2)} s (${rate(chunked)})   import, 1 row per transaction ${perRow.toFixed(2)} s   chunking is ${(perRow / chunked).toFixed(1)}x faster`,
  );
  console.log(
    `           bare router creating the same bodies, 1 transaction each (as \`local call --batch\`) ${router.toFixed(2)} s   import/router time ratio ${(chunked / router).toFixed(2)}`,
  );
  const dental = dentalRows();
  const dentalSeconds = await timedImport('dental', csvBytes([dental.headers, ...dental.rows]), 500);
  console.log(`dental plans (${dental.headers.length} columns)  import, 500 rows per transaction ${dentalSeconds.toFixed(2)} s (${rate(dentalSeconds)})`);
  const slowest = Math.max(chunked, dentalSeconds);
  console.log(`target: 10,000 rows in seconds (under ${TARGET_SECONDS} s here): ${slowest < TARGET_SECONDS ? 'OK' : 'ABOVE TARGET'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
