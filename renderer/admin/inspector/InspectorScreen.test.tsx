// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordInspection, RecordMatch } from '../../../shared/inspector';
import { queryClient } from '../../data/query-client';
import { fakeBridge } from '../../test-support/fake-bridge';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

const plan = (index: number, employer: string): RecordMatch => ({
  entity: 'plan',
  id: `01900000-0000-7000-8000-${String(index).padStart(12, '0')}`,
  label: 'Dental DPPO 2026',
  path: `/plans/dental/01900000-0000-7000-8000-${String(index).padStart(12, '0')}/`,
  plan: { employer, benefit: 'dental', start_date: '2026-01-01' },
  sync: [],
});

beforeEach(() => {
  queryClient.clear();
  fake = fakeBridge();
  // jsdom has no downloads: saving a file is a link clicked on a blob's URL.
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
});
afterEach(cleanup);

describe('the inspector', () => {
  it('says how many match and how to narrow, and shows each plan with its employer, kind and plan year', async () => {
    const user = userEvent.setup();
    const searched: string[] = [];
    fake.bridge.findRecords = async (text) => {
      searched.push(text);
      return text.includes('/')
        ? { matches: [plan(7, 'Globex')], total: 1, limit: 200 }
        : { matches: Array.from({ length: 200 }, (_, index) => plan(index, `Client ${index}`)), total: 5000, limit: 200 };
    };
    const { InspectorScreen } = await import('./InspectorScreen');
    render(<InspectorScreen />);
    const search = screen.getByRole('searchbox', { name: /^Local id, remote id, name, title or e-mail/ });
    await user.type(search, 'Dental DPPO 2026{Enter}');
    expect(
      await screen.findByText(
        '5,000 records match “Dental DPPO 2026”; the first 200 are shown. Narrow it with more of the name, or find a plan by its employer and title as “employer / title” (e.g. Globex / Dental DPPO 2026).',
      ),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Matches' })).getAllByRole('row');
    expect(rows).toHaveLength(201);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Dental DPPO 2026', 'Dental', 'Client 0', '2026', plan(0, '').id]);

    await user.clear(search);
    await user.type(search, 'Globex / Dental{Enter}');
    expect(await screen.findByText('1 record matches “Globex / Dental”.')).toBeTruthy();
    expect(searched).toEqual(['Dental DPPO 2026', 'Globex / Dental']);
  });

  it('says "nothing matches" only for the text searched, and one export at a time', async () => {
    const user = userEvent.setup();
    fake.bridge.findRecords = async () => ({ matches: [], total: 0, limit: 200 });
    fake.bridge.exportWorkspace = async (format) =>
      format === 'json' ? [{ name: 'plandesk-export.json', content: '{}' }] : [{ name: 'employers.csv', content: 'id\r\n' }];
    const inspection: RecordInspection = { ...plan(1, 'Globex'), record: { id: plan(1, '').id }, history: [] };
    fake.bridge.inspectRecord = async () => inspection;
    const { InspectorScreen } = await import('./InspectorScreen');
    render(<InspectorScreen id={inspection.id} />);
    expect(await screen.findByRole('heading', { name: 'plan Dental DPPO 2026 of Globex (Dental, from 2026-01-01)' })).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: /^Local id, remote id/ });
    await user.type(search, 'zzz{Enter}');
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeTruthy();
    await user.type(search, 'y');
    expect(screen.queryByText(/Nothing matches/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Export the workspace (JSON)' }));
    expect(await screen.findByText('Saved plandesk-export.json to your downloads.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export the workspace (CSV)' }));
    expect(await screen.findByText('Saved employers.csv to your downloads.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export this record (JSON)' }));
    expect(await screen.findByText(`Saved plan-${inspection.id}.json to your downloads.`)).toBeTruthy();
    expect(screen.getAllByText(/^Saved /)).toHaveLength(1);
  });
});
