// The support inspector's bridge methods (findRecords, inspectRecord, recordHistory, exportWorkspace)
// over a real workspace folder, as the window calls them through Electron IPC or web mode.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore, MalformedCallError } from '../../main/app/app-core.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import type { ExportFile, HistoryEntry, RecordInspection, RecordMatch } from '../../shared/inspector.js';
import { validEmployerBody } from '../support/fixtures.js';

const SETUP = { account: 'Acme Brokers', email: 'broker@example.com', division: 'Main' };

let dir: string;
let core: AppCore;
const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args);

const ok = async (method: string, path: string, body?: unknown): Promise<any> => {
  const response = (await invoke('call', method, path, ...(body === undefined ? [] : [body]))) as BridgeResponse;
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-support-bridge-'));
  core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
});

afterAll(() => {
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('support inspector over the bridge', () => {
  it('answers empty before the workspace is set up', async () => {
    expect(await invoke('findRecords', 'anything')).toEqual([]);
    expect(await invoke('inspectRecord', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await invoke('recordHistory', '00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect(await invoke('exportWorkspace', 'json')).toEqual([]);
  });

  let employer: { id: string };

  it('finds a record by name and by id, and inspects it with its history', async () => {
    expect(((await invoke('setupWorkspace', SETUP)) as BridgeResponse).status).toBe(200);
    const [division] = (await ok('GET', '/divisions/list/')) as { id: string }[];
    employer = await ok('POST', '/employers/', validEmployerBody(division!.id, { name: 'Globex', other_filters: [] }));
    await ok('PUT', `/employers/${employer.id}/`, validEmployerBody(division!.id, { name: 'Globex Corp', other_filters: [] }));

    const found = (await invoke('findRecords', 'globex')) as RecordMatch[];
    expect(found).toEqual([{ entity: 'employer', id: employer.id, label: 'Globex Corp', path: `/employers/${employer.id}/`, sync: [] }]);
    expect(((await invoke('findRecords', employer.id.toUpperCase())) as RecordMatch[]).map((match) => match.id)).toEqual([employer.id]);

    const inspection = (await invoke('inspectRecord', employer.id)) as RecordInspection;
    expect(inspection.record).toEqual(await ok('GET', `/employers/${employer.id}/`));
    expect(inspection.history.map((entry) => [entry.op, entry.user])).toEqual([
      ['create', SETUP.email],
      ['update', SETUP.email],
    ]);
    expect((inspection.history[1] as HistoryEntry).changes).toEqual({ name: ['Globex', 'Globex Corp'] });
    expect((await invoke('recordHistory', employer.id)) as HistoryEntry[]).toEqual(inspection.history);
    expect(await invoke('inspectRecord', '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('exports the workspace as one JSON file, or as CSV files', async () => {
    const [json] = (await invoke('exportWorkspace', 'json')) as ExportFile[];
    expect(json!.name).toBe('plandesk-export.json');
    expect(JSON.parse(json!.content).employers).toEqual([await ok('GET', `/employers/${employer.id}/`)]);
    const csv = (await invoke('exportWorkspace', 'csv')) as ExportFile[];
    expect(csv.map((file) => file.name)).toEqual(['employers.csv']);
    expect(csv[0]!.content.split('\r\n')[1]).toContain(',Globex Corp,');
  });

  it('refuses malformed arguments: an id that is not a uuid, an unknown format, an oversized search', async () => {
    await expect(invoke('inspectRecord', 'globex')).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('recordHistory')).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('exportWorkspace', 'xml')).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('findRecords', 'x'.repeat(501))).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('findRecords', 42)).rejects.toBeInstanceOf(MalformedCallError);
  });
});
