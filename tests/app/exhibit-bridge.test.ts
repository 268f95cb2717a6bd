// The renewal exhibit through the bridge (AppCore, as IPC and web mode reach it): the exhibit as
// data, enrollment kept with the workspace and never queued for sync, and the PDF made in Node.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore, MalformedCallError } from '../../main/app/app-core.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { workspaceKeyCipher } from '../../main/sync/token-cipher.js';
import { WORKSPACE_DB } from '../../main/workspace/workspace.js';
import type { BridgeResponse } from '../../shared/bridge.js';
import { enrollmentMessages } from '../../shared/exhibit/enrollment.js';
import type { ExhibitPdfFile, ExhibitView } from '../../shared/exhibit/view.js';
import { createExhibitWorkspace, type ExhibitWorkspace } from '../support/exhibit-workspace.js';

let dir: string;
let core: AppCore;
let ws: ExhibitWorkspace;

const invoke = (method: string, ...args: unknown[]) => core.invoke(method, args);
const view = (include: string[] = [], year = 2026) => invoke('exhibit', { employer: ws.employer, year, include }) as Promise<ExhibitView>;
const outboxSize = () => {
  const db = openSqliteDatabase(join(dir, WORKSPACE_DB));
  try {
    return db.prepare('SELECT count(*) FROM outbox').pluck().get() as number;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-exhibit-bridge-'));
  ws = await createExhibitWorkspace(dir);
  core = new AppCore({ dir, tokenCipher: workspaceKeyCipher });
});

afterAll(() => {
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('exhibit', () => {
  it('answers the document with the renewal and the conversion, and offers the new year’s other plans as alternatives', async () => {
    const answer = await view();
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.document.agency).toBe('Northwind Benefits');
    expect(answer.document.sections.map((section) => section.title)).toEqual(['Medical (with prescription): Gold PPO 2026', 'Dental: Dental 2026']);
    expect(answer.alternatives.map((plan) => [plan.id, plan.title])).toEqual([[ws.alternative, 'Harbor HDHP 2026']]);
    expect(answer.enrollment).toBeNull();
  });

  it('includes the alternatives asked for', async () => {
    const answer = await view([ws.alternative]);
    expect(answer.ok && answer.document.sections.map((section) => section.subtitle.split('.')[1]?.trim())).toContain(
      'Alternative: Harbor HDHP 2026 (Beacon Mutual, 2026-01-01 to 2026-12-31)',
    );
  });

  it('says why there is no exhibit for a year without plans', async () => {
    expect(await view([], 2031)).toEqual({ ok: false, error: 'Harbor Foods has no medical, dental or vision plan starting in 2031.', alternatives: [] });
  });

  it('refuses a query that is not one', async () => {
    await expect(invoke('exhibit', { employer: ws.employer, year: '2026', include: [] })).rejects.toBeInstanceOf(MalformedCallError);
    await expect(invoke('exhibit', { employer: 'acme', year: 2026, include: [] })).rejects.toBeInstanceOf(MalformedCallError);
  });
});

describe('saveEnrollment', () => {
  it('keeps the enrollment for the employer and year, uses it for the totals and queues nothing for sync', async () => {
    const queued = outboxSize();
    expect(await invoke('saveEnrollment', ws.employer, 2026, [10, 2, 3, 5])).toEqual({ status: 200, body: { enrollment: [10, 2, 3, 5] } });
    expect(outboxSize()).toBe(queued);
    const answer = await view();
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.enrollment).toEqual([10, 2, 3, 5]);
    const totals = answer.document.sections[0]!.tables.find((table) => table.kind === 'totals')!;
    // 10 × 6,250 + 2 × 12,500 + 3 × 11,250 + 5 × 18,750 = $215,000 now; $230,059 at renewal
    expect(totals.rows[0]!.cells.slice(4, 7)).toEqual(['$215,000.00', '$230,059.00', '+$15,059.00']);
    expect((await view([], 2025)).ok).toBe(false);
  });

  it('replaces the saved figures and refuses bad ones without changing them', async () => {
    await invoke('saveEnrollment', ws.employer, 2026, [4, 0, 0, 1]);
    const refused = (await invoke('saveEnrollment', ws.employer, 2026, [4, -1, 0, 1])) as BridgeResponse;
    expect(refused).toEqual({ status: 400, body: { detail: 'Employee + spouse enrollment "-1" is not a whole number of employees (0 or more).' } });
    expect(await invoke('saveEnrollment', ws.employer, 2026, [4, 0, 1])).toEqual({ status: 400, body: { detail: enrollmentMessages.count } });
    expect(await invoke('saveEnrollment', '00000000-0000-4000-8000-00000000abcd', 2026, [1, 1, 1, 1])).toEqual({
      status: 404,
      body: { detail: 'No employer has the id 00000000-0000-4000-8000-00000000abcd.' },
    });
    const answer = await view();
    expect(answer.ok && answer.enrollment).toEqual([4, 0, 0, 1]);
  });
});

describe('exhibitPdf', () => {
  it("makes the PDF in the app's worker thread and names it after the employer and year", async () => {
    const file = (await invoke('exhibitPdf', { employer: ws.employer, year: 2026, include: [] })) as ExhibitPdfFile;
    if (!file.ok) throw new Error(file.error);
    expect(file.name).toBe('Renewal-exhibit-Harbor-Foods-2026.pdf');
    expect(Buffer.from(file.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('says why there is no PDF', async () => {
    expect(await invoke('exhibitPdf', { employer: ws.employer, year: 2031, include: [] })).toEqual({
      ok: false,
      error: 'Harbor Foods has no medical, dental or vision plan starting in 2031.',
    });
  });
});
