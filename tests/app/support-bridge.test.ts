// The support inspector's bridge methods (findRecords, inspectRecord, recordHistory, exportWorkspace)
// over a real workspace folder, as the window calls them through Electron IPC or web mode.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore, MalformedCallError } from '../../main/app/app-core.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import type { ExportFile, HistoryEntry, RecordInspection, RecordSearch } from '../../shared/inspector.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';

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
    expect(await invoke('findRecords', 'anything')).toEqual({ matches: [], total: 0, limit: 0 });
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

    const found = (await invoke('findRecords', 'globex')) as RecordSearch;
    expect(found).toEqual({
      matches: [{ entity: 'employer', id: employer.id, label: 'Globex Corp', path: `/employers/${employer.id}/`, sync: [] }],
      total: 1,
      limit: 200,
    });
    const byId = (await invoke('findRecords', employer.id.toUpperCase())) as RecordSearch;
    expect(byId.matches.map((match) => match.id)).toEqual([employer.id]);
    expect(byId.total).toBe(1);

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

  it('says how many match beyond the first 200, names each plan with its employer, kind and start, and finds "employer / title"', async () => {
    const [division] = (await ok('GET', '/divisions/list/')) as { id: string }[];
    const year = new Date().getFullYear();
    const plan = (employerId: string) =>
      validPlanBody('dental', {
        employer: employerId,
        title: `Dental DPPO ${year}`,
        start_date: `${year}-01-01`,
        end_date: `${year}-12-31`,
        from_plan: null,
        from_action: null,
      });
    for (let index = 0; index < 204; index += 1) {
      const made = await ok(
        'POST',
        '/employers/',
        validEmployerBody(division!.id, { name: `Client ${String(index).padStart(3, '0')}`, url: `https://c${index}.example`, other_filters: [] }),
      );
      await ok('POST', '/plans/dental/', plan(made.id));
    }
    const initech = await ok('POST', '/employers/', validEmployerBody(division!.id, { name: 'Initech', url: 'https://initech.example', other_filters: [] }));
    const initechPlan = await ok('POST', '/plans/dental/', plan(initech.id));

    const many = (await invoke('findRecords', `dental dppo ${year}`)) as RecordSearch;
    expect(many.total).toBe(205);
    expect(many.matches).toHaveLength(200);
    expect(many.matches[0]).toMatchObject({
      entity: 'plan',
      label: `Dental DPPO ${year}`,
      plan: { employer: 'Client 000', benefit: 'dental', start_date: `${year}-01-01` },
    });

    const narrowed = (await invoke('findRecords', `initech / dppo ${year}`)) as RecordSearch;
    expect(narrowed).toMatchObject({ total: 1, matches: [{ id: initechPlan.id, plan: { employer: 'Initech' } }] });
    // An employer name with a slash in it is still found by its name.
    await ok('POST', '/employers/', validEmployerBody(division!.id, { name: 'A/B Testing', url: 'https://ab.example', other_filters: [] }));
    expect(((await invoke('findRecords', 'a/b testing')) as RecordSearch).matches.map((match) => match.label)).toEqual(['A/B Testing']);
    const inspection = (await invoke('inspectRecord', initechPlan.id)) as RecordInspection;
    expect(inspection.plan).toEqual({ employer: 'Initech', benefit: 'dental', start_date: `${year}-01-01` });
  });

  it('refuses malformed arguments: an id that is not a uuid, an unknown format, an oversized search', async () => {
    await expect(invoke('inspectRecord', 'globex')).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('recordHistory')).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('exportWorkspace', 'xml')).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('findRecords', 'x'.repeat(501))).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('findRecords', 42)).rejects.toBeInstanceOf(MalformedCallError);
  });
});
