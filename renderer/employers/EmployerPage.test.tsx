// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmployerPlanSummary } from '../../shared/resources/employer';
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

/**
 * The employer's plans as GET /employers/{id}/plans/ answers them: every kind together, newest plan
 * year first; deliberately out of the spec's order of kinds, which the page groups them in.
 */
const PLANS: EmployerPlanSummary[] = [
  { benefit: 'stoploss', id: plan(3), title: 'Stop loss 2026', carrier: 'Swiss Re', start_date: '2026-01-01', end_date: '2026-12-31', expired: false },
  { benefit: 'dental', id: plan(2), title: 'Dental 2026', carrier: 'Delta', start_date: '2026-01-01', end_date: '2026-12-31', expired: false },
  { benefit: 'medical', id: plan(1), title: 'Gold PPO 2026', carrier: 'Aetna', start_date: '2026-01-01', end_date: '2026-12-31', expired: false },
  { benefit: 'medical', id: plan(5), title: 'Silver HMO 2025', carrier: 'Kaiser', start_date: '2025-02-01', end_date: '2025-12-31', expired: true },
  { benefit: 'medical', id: plan(4), title: 'Gold PPO 2025', carrier: 'Aetna', start_date: '2025-01-01', end_date: '2025-12-31', expired: true },
];
let plans: EmployerPlanSummary[];

let deleteAnswer = { status: 409, body: { detail: 'This employer has plans; delete them first.' } as unknown };

beforeEach(() => {
  queryClient.clear();
  plans = PLANS;
  deleteAnswer = { status: 409, body: { detail: 'This employer has plans; delete them first.' } };
  fake = fakeBridge((method, path) => {
    if (method === 'GET' && path === `/employers/${EMPLOYER}/`) {
      return {
        status: 200,
        body: {
          id: EMPLOYER,
          name: 'Globex',
          url: 'https://globex.example',
          size: '1250',
          naics_codes: ['541511', '999999'],
          location_states: ['CA', 'DC'],
          other_filters: [FILTER],
          division: DIVISION,
          plans: plans.filter((one) => !one.expired).map(({ benefit, id }) => ({ benefit, id })),
          plans_expired: plans.filter((one) => one.expired).map(({ benefit, id }) => ({ benefit, id })),
        },
      };
    }
    if (method === 'GET' && path === `/employers/${EMPLOYER}/plans/`) return { status: 200, body: plans };
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
  it('shows the employer with NAICS titles, filter and division names, its employees grouped by thousands, and the web address as text', async () => {
    await renderPage();
    // the titles arrive a moment after the page (their own chunk)
    expect(await screen.findByText('Custom Computer Programming Services')).toBeTruthy();
    expect(screen.getByText('not in the 2017 NAICS list')).toBeTruthy();
    expect(screen.getByText('Non-Profit Organization')).toBeTruthy();
    expect(screen.getByText('East')).toBeTruthy();
    expect(screen.getByText('https://globex.example').tagName).not.toBe('A');
    expect(screen.getByText('Eligible employees').nextElementSibling?.textContent).toBe('1,250');
  });

  it("lists active and expired plans by kind in the spec's order, newest first, each linking to its plan", async () => {
    await renderPage();
    const active = screen.getByRole('region', { name: /Active plans/ });
    expect(
      within(active)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Medical (with prescription)', 'Dental', 'Stop loss']);
    expect(within(active).getByRole('link', { name: 'Dental 2026' }).getAttribute('href')).toBe(`#/plans/dental/${plan(2)}`);
    expect(within(active).getAllByText('2026-01-01 – 2026-12-31')).toHaveLength(3);
    const expired = screen.getByRole('region', { name: /Expired plans/ });
    expect(
      within(expired)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Silver HMO 2025', 'Gold PPO 2025']);
  });

  it('reads every plan of every kind in one request, however many there are', async () => {
    plans = Array.from({ length: 500 }, (_, n) => ({
      ...PLANS[n % PLANS.length]!,
      id: plan(100 + n),
      title: `Plan ${n}`,
      start_date: `${2026 - Math.floor(n / 9)}-01-01`,
    }));
    plans[0] = PLANS[2]!;
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Active plans (300)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Expired plans (200)' })).toBeTruthy();
    expect(fake.calls.filter((call) => call.path === `/employers/${EMPLOYER}/plans/`)).toHaveLength(1);
    expect(fake.calls.filter((call) => call.path.startsWith('/plans/'))).toEqual([]);
  });

  it('shows the three newest plans of each kind and the rest behind a button that moves the focus to the first of them', async () => {
    const user = userEvent.setup();
    plans = Array.from({ length: 12 }, (_, n) => ({
      benefit: 'vision',
      id: plan(200 + n),
      title: `Vision ${2024 - n}`,
      carrier: 'VSP',
      start_date: `${2024 - n}-01-01`,
      end_date: `${2024 - n}-12-31`,
      expired: true,
    }));
    plans.push(PLANS[2]!);
    await renderPage();
    const expired = screen.getByRole('region', { name: /Expired plans/ });
    expect(
      within(expired)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Vision 2024', 'Vision 2023', 'Vision 2022']);
    await user.click(within(expired).getByRole('button', { name: 'Show all 12 Vision plans' }));
    expect(within(expired).getAllByRole('link')).toHaveLength(12);
    expect(document.activeElement).toBe(within(expired).getByRole('link', { name: 'Vision 2021' }));
    expect(within(expired).queryByRole('button')).toBeNull();
  });

  it('says so when the plans cannot be loaded, and still shows the employer', async () => {
    const handler = fake.bridge.call;
    fake.bridge.call = async (method, path, body) =>
      path.endsWith('/plans/') ? { status: 503, body: { detail: 'The workspace is busy.' } } : handler(method, path, body);
    render(<EmployerPage id={EMPLOYER} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The plans could not be loaded: The workspace is busy.');
    expect(screen.getByRole('heading', { level: 1, name: 'Globex' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Active plans (3)' })).toBeTruthy();
  });

  it("asks before deleting, and shows the service's refusal", async () => {
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
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.replace(/^\d/, '')),
    ).toEqual([
      'Medical (with prescription)',
      'Dental',
      'Vision',
      'Basic life (with AD&D)',
      'Voluntary life (with AD&D)',
      'Short-term disability',
      'Long-term disability',
      'Stop loss',
      'Supplemental',
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

  it('Alt+L goes to the plans, and Alt+R or Alt+C on a plan renews or converts that plan', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('link', { name: 'Gold PPO 2026' });
    await user.keyboard('{Alt>}l{/Alt}');
    expect(document.activeElement?.textContent).toBe('Gold PPO 2026');
    await user.keyboard('{Alt>}r{/Alt}');
    expect(startPlanWizard).toHaveBeenLastCalledWith({ mode: 'renew', benefit: 'medical', planId: plan(1) });
    await user.tab();
    await user.keyboard('{Alt>}c{/Alt}');
    expect(startPlanWizard).toHaveBeenLastCalledWith({ mode: 'convert', benefit: 'dental', planId: plan(2) });
  });

  it('keeps Alt+L and Alt+R pressed while the plans are still loading: once they show, the first plan is focused, then renewed', async () => {
    const user = userEvent.setup();
    let answerPlans = () => undefined as void;
    const handler = fake.bridge.call;
    fake.bridge.call = async (method, path, body) => {
      if (path === `/employers/${EMPLOYER}/plans/`) await new Promise<void>((resolve) => (answerPlans = resolve));
      return handler(method, path, body);
    };
    render(<EmployerPage id={EMPLOYER} />);
    await screen.findByRole('heading', { level: 1, name: 'Globex' });
    expect(screen.getAllByText('Loading plans…')).toHaveLength(2);
    await user.keyboard('{Alt>}l{/Alt}{Alt>}r{/Alt}');
    expect(startPlanWizard).not.toHaveBeenCalled();
    answerPlans();
    await waitFor(() => expect(startPlanWizard).toHaveBeenCalledWith({ mode: 'renew', benefit: 'medical', planId: plan(1) }));
    expect(document.activeElement?.textContent).toBe('Gold PPO 2026');
  });

  it('waits for the plans as they are now when the page opens on the ones it showed before (a plan was just saved)', async () => {
    const user = userEvent.setup();
    plans = [];
    const first = render(<EmployerPage id={EMPLOYER} />);
    await screen.findByText('No active plans.');
    first.unmount();
    plans = PLANS;
    await queryClient.invalidateQueries();
    let answerPlans = () => undefined as void;
    const handler = fake.bridge.call;
    fake.bridge.call = async (method, path, body) => {
      if (path === `/employers/${EMPLOYER}/plans/`) await new Promise<void>((resolve) => (answerPlans = resolve));
      return handler(method, path, body);
    };
    render(<EmployerPage id={EMPLOYER} />);
    await screen.findByText('No active plans.');
    await user.keyboard('{Alt>}l{/Alt}');
    answerPlans();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Gold PPO 2026'));
  });

  it('moves from plan to plan with the arrows, across kinds and into the expired plans', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.keyboard('{Alt>}l{/Alt}');
    const focused = () => document.activeElement?.textContent;
    expect(focused()).toBe('Gold PPO 2026');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('Dental 2026');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('Silver HMO 2025');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('Gold PPO 2025');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('Silver HMO 2025');
    await user.keyboard('{Alt>}r{/Alt}');
    expect(startPlanWizard).toHaveBeenLastCalledWith({ mode: 'renew', benefit: 'medical', planId: plan(5) });
  });
});
