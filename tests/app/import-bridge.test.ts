// The spreadsheet import's bridge methods (previewImport, runImport) over a real workspace folder,
// as the import screen calls them: the file's bytes cross as base64 and are read in the app's worker thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore, MalformedCallError } from '../../main/app/app-core.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import type { ImportAnswer } from '../../shared/import-table.js';
import { csvBytes } from '../import/support/sheets.js';

let dir: string;
let core: AppCore;
const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args);
const HEADERS = ['Employer name', 'URL', 'Eligible employees'];
const rows = [HEADERS, ['Acme Widgets', 'https://acme.example.com', '250'], ['Bad Co', 'bad', '1'], ['Zenith Foods', 'https://zenith.example.com', '40']];
const request = { fileName: 'clients.csv', data: csvBytes(rows).toString('base64'), kind: 'employers' };

async function employerNames(): Promise<string[]> {
  const response = (await invoke('call', 'GET', '/employers/list/')) as BridgeResponse;
  return (response.body as { name: string }[]).map((employer) => employer.name).sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-import-bridge-'));
  core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
  await invoke('setupWorkspace', { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' });
});

afterAll(() => {
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('spreadsheet import over the bridge', () => {
  it('previews every row with its outcome and writes nothing', async () => {
    const answer = (await invoke('previewImport', request)) as ImportAnswer;
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.report).toMatchObject({
      rows: 3,
      created: 2,
      dryRun: true,
      headers: HEADERS,
      mapping: { 'Employer name': 'name', URL: 'url', 'Eligible employees': 'size' },
    });
    expect(answer.report.rowsDetail.map((row) => row.status)).toEqual(['create', 'rejected', 'create']);
    expect(await employerNames()).toEqual([]);
  });

  it('imports a slice of rows at a time, so the window can show progress', async () => {
    const first = (await invoke('runImport', { ...request, rows: { from: 1, to: 2 } })) as ImportAnswer;
    expect(first).toMatchObject({ ok: true, report: { rows: 2, created: 1, errors: [{ row: 2, field: 'url' }] } });
    expect(await employerNames()).toEqual(['Acme Widgets']);
    const rest = (await invoke('runImport', { ...request, rows: { from: 3, to: 3 } })) as ImportAnswer;
    expect(rest).toMatchObject({ ok: true, report: { rows: 1, created: 1, errors: [] } });
    expect(await employerNames()).toEqual(['Acme Widgets', 'Zenith Foods']);
  });

  it('answers why a file cannot be read, as a message for the screen', async () => {
    const answer = await invoke('previewImport', { ...request, fileName: 'clients.pdf' });
    expect(answer).toEqual({ ok: false, message: 'cannot read "clients.pdf": only .csv and .xlsx files can be imported' });
  });

  it('refuses a malformed call: an unknown kind, bytes that are not base64, an unknown key', async () => {
    await expect(invoke('previewImport', { ...request, kind: 'pets' })).rejects.toThrow(MalformedCallError);
    await expect(invoke('previewImport', { ...request, data: 'not base64!' })).rejects.toThrow(MalformedCallError);
    await expect(invoke('runImport', { ...request, dryRun: true })).rejects.toThrow(MalformedCallError);
  });
});
