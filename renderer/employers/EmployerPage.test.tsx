// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWorkspace } from '../app/workspace-store';
import { queryClient } from '../data/query-client';
import { fakeBridge } from '../test-support/fake-bridge';
import { EmployerPage } from './EmployerPage';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));
const startPlanWizard = vi.fn(async (_start: unknown): Promise<string | undefined> => undefined);
vi.mock('../plans/start-wizard', () => ({ startPlanWizard: (start: unknown) => startPlanWizard(start) }));

const EMPLOYER = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const DIVISION = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const FILTER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const plan = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const PLANS: Record<string, { title: string; carrier: string; start_date: string; end_date: string }> = {
  [plan(1)]: { title: 'Gold PPO 2026', carrier: 'Aetna', start_date: '2026-01-01', end_date: '2026-12-31' },
  [plan(2)]: { title: 'Dental 2026', carrier: 'Delta', start_date: '2026-01-01', end_date: '2026-12-31' },
  [plan(3)]: { title: 'Stop loss 2026', carrier: 'Swiss Re', start_date: '2026-01-01', end_date: '2026-12-31' },
  [plan(4)]: { title: 'Gold PPO 2025', carrier: 'Aetna', start_date: '2025-01-01', end_date: '2025-12-31' },
  [plan(5)]: { title: 'Silver HMO 2025', carrier: 'Kaiser', start_date: '2025-02-01', end_date: '2025-12-31' },
};

let deleteAnswer = { status: 409, body: { detail: 'This employer has plans; delete them first.' } as unknown };

beforeEach(() => {
  queryClient.clear();
  deleteAnswer = { status: 409, body: { detail: 'This employer has plans; delete them first.' } };
  fake = fakeBridge((method, path) => {
    if (method === 'GET' && path === `/employers/${EMPLOYER}/`) {
      return {
        status: 200,
        body: {
          id: EMPLOYER, name: 'Globex', url: 'https://globex.example', size: '250', naics_codes: ['541511', '999999'],
          location_states: ['CA', 'DC'], other_filters: [FILTER], division: DIVISION,
          // Deliberately out of the spec's order: the page groups them medical, dental, ..., stop loss.
          plans: [{ benefit: 'stoploss', id: plan(3) }, { benefit: 'dental', id: plan(2) }, { benefit: 'medical', id: plan(1) }],
          plans_expired: [{ benefit: 'medical', id: plan(4) }, { benefit: 'medical', id: plan(5) }],
        },
      };
    }
    const match = /^\/plans\/\w+\/([0-9a-f-]{36})\/$/.exec(path);
    if (method === 'GET' && match && PLANS[match[1]!]) return { status: 200, body: PLANS[match[1]!] };
    if (method === 'DELETE' && path === `/employers/${EMPLOYER}/`) return deleteAnswer;
    if (method === 'GET' && path === '/employers/summaries/') return { status: 200, body: [] };
    return undefined;
  });
  useWorkspace.setState({ divisions: [{ id: DIVISION, name: 'East' }], filters: [{ id: FILTER, name: 'Non-Profit Organization' }] });
  startPlanWizard.mockClear();
  window.location.hash = `#/employers/${EMPLOYER}`;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function renderPage() {
  render(<EmployerPage id={EMPLOYER} />);
  await screen.findByRole('heading', { level: 1, name: 'Globex' });
  await screen.findByRole('link', { name: 'Gold PPO 2026' });
}

describe('employer page', () => {
  it('shows the employer with NAICS titles, filter and division names, and the web address as text', async () => {
    await renderPage();
    expect(screen.getByText('Custom Computer Programming Services')).toBeTruthy();
    expect(screen.getByText('not in the 2017 NAICS list')).toBeTruthy();
    expect(screen.getByText('Non-Profit Organization')).toBeTruthy();
    expect(screen.getByText('East')).toBeTruthy();
    expect(screen.getByText('https://globex.example').tagName).not.toBe('A');
  });

  it('lists active and expired plans by kind in the spec\'s order, newest first, each linking to its plan', async () => {
    await renderPage();
    const active = screen.getByRole('region', { name: /Active plans/ });
    expect(within(active).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Medical (with prescription)', 'Dental', 'Stop loss']);
    expect(within(active).getByRole('link', { name: 'Dental 2026' }).getAttribute('href')).toBe(`#/plans/dental/${plan(2)}`);
    expect(within(active).getAllByText('2026-01-01 – 2026-12-31')).toHaveLength(3);
    const expired = screen.getByRole('region', { name: /Expired plans/ });
    expect(within(expired).getAllByRole('link').map((link) => link.textContent)).toEqual(['Silver HMO 2025', 'Gold PPO 2025']);
  });

  it('asks before deleting, and shows the service\'s refusal', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm.mock.calls[0]![0]).toContain('It has 5 plans.');
    expect((await screen.findByRole('alert')).textContent).toBe('This employer has plans; delete them first.');
    expect(window.location.hash).toBe(`#/employers/${EMPLOYER}`);

    deleteAnswer = { status: 204, body: null };
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.hash).toBe('#/employers'));
  });

  it('adds a plan from the kind chooser, by arrows or by number; Alt+E edits', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    const menu = screen.getByRole('menu', { name: 'Plan kind' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent?.replace(/^\d/, ''))).toEqual([
      'Medical (with prescription)', 'Dental', 'Vision', 'Basic life (with AD&D)', 'Voluntary life (with AD&D)',
      'Short-term disability', 'Long-term disability', 'Stop loss', 'Supplemental',
    ]);
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Medical (with prescription)' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(startPlanWizard).toHaveBeenLastCalledWith({ mode: 'new', benefit: 'dental', employerId: EMPLOYER });

    await user.keyboard('{Alt>}p{/Alt}');
    await waitFor(() => expect(screen.getByRole('menu', { name: 'Plan kind' })).toBeTruthy());
    await user.keyboard('8');
    expect(startPlanWizard).toHaveBeenLastCalledWith({ mode: 'new', benefit: 'stoploss', employerId: EMPLOYER });

    await user.keyboard('{Alt>}e{/Alt}');
    expect(window.location.hash).toBe(`#/employers/${EMPLOYER}/edit`);
  });
});
