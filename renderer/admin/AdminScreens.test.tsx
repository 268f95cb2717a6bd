// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnvironmentInfo, SyncQueueRow } from '../../shared/bridge';
import { useWorkspace } from '../app/workspace-store';
import { queryClient } from '../data/query-client';
import { fakeBridge, type CallHandler } from '../test-support/fake-bridge';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

const ME = 'u';
const DIVISION = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const RECORD = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** The local service as an admin (`admin: true`) or a plain user sees the users' list. */
function serviceAs(admin: boolean): CallHandler {
  return (method, path) => {
    if (method === 'GET' && path === '/users/summaries/') {
      return admin
        ? {
            status: 200,
            body: [{ id: ME, email: 'broker@example.com', username: 'broker', first_name: 'b', last_name: 'Admin', division_ids: [DIVISION], is_admin: true }],
          }
        : { status: 403, body: { detail: 'You do not have permission to perform this action.' } };
    }
    if (method === 'GET' && path === '/divisions/list/') return { status: 200, body: [{ id: DIVISION, name: 'Main' }] };
    if (method === 'GET' && path === '/employers/summaries/') return { status: 200, body: [] };
    return undefined;
  };
}

const environment = (name: string, production: boolean): EnvironmentInfo => ({
  name,
  baseUrl: `https://${name}.example`,
  tokenScheme: 'Token',
  production,
  pending: 2,
  conflicts: 0,
  last_pull: null,
  tokenProblem: null,
});

function start(admin: boolean) {
  fake = fakeBridge(serviceAs(admin));
  useWorkspace.setState({
    status: { ready: true, user: { id: ME, email: 'broker@example.com', first_name: 'b', last_name: 'Admin', is_admin: admin }, account: 'Acme' },
    divisions: [{ id: DIVISION, name: 'Main' }],
  });
}

beforeEach(() => {
  queryClient.clear();
  window.location.hash = '#/sync';
});
afterEach(cleanup);

describe('admin actions', () => {
  it('are not in the frame of a user who is not an admin, and their screens say so', async () => {
    start(false);
    const { Shell } = await import('../app/Shell');
    render(<Shell />);
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await within(nav).findByRole('link', { name: 'Inspector' });
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Divisions' })).toBeNull();
    cleanup();
    const { UsersScreen } = await import('./people/UsersScreen');
    render(<UsersScreen />);
    await screen.findByText(/^Only an admin manages users\. You are a user here, not an admin/);
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
  });

  it('are in the frame of an admin, beside the waiting counts', async () => {
    start(true);
    fake.bridge.environments = async () => [environment('production', true), environment('staging', false)];
    const { Shell } = await import('../app/Shell');
    render(<Shell />);
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await within(nav).findByRole('link', { name: 'Users' });
    expect(within(nav).getByRole('link', { name: 'Divisions' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Waiting: production 2 · staging 2' })).toBeTruthy();
  });
});

describe('pushing to production', () => {
  it('shows what would be sent and pushes only once confirmed', async () => {
    const user = userEvent.setup();
    start(true);
    fake.bridge.environments = async () => [environment('production', true)];
    fake.bridge.syncDryRun = async () => ({
      status: 200,
      body: { would_push: { division: 0, user: 1, employer: 3, plan: 0 }, pulled_from: {}, failed: 1, conflicts: 0 },
    });
    const pushed: string[] = [];
    fake.bridge.sync = async (env) => (pushed.push(env), { status: 200, body: { pushed: 4, failed: 0, pending: 0, errors: [] } });
    const { SyncScreen } = await import('../sync/SyncScreen');
    render(<SyncScreen />);
    await user.click(await screen.findByRole('button', { name: 'Push to production' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Push to production?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 user', '3 employers', '1 failed records stay back until they are fixed']);
    expect(pushed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Push to production' }));
    await screen.findByText(/Pushed 4, failed 0; 0 still waiting\./);
    expect(pushed).toEqual(['production']);
  });
});

describe('the queue', () => {
  beforeAll(() => {
    // jsdom does no layout: the queue's scroll box gets the height it has in the window.
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('queue-scroll') ? 448 : 0;
      },
    });
  });

  it('names each record, says why it waits, links a refused field to its fix, and retries one', async () => {
    const user = userEvent.setup();
    start(true);
    const rows: SyncQueueRow[] = [
      {
        record: RECORD,
        entity: 'employer',
        name: 'Harbor Freight Lines',
        operation: 'update',
        state: 'failed',
        last_attempt_at: '2026-11-23T10:00:00.000Z',
        reason: 'staging refused it (400): url: Enter a valid URL.',
        field: 'url',
        employer: null,
        discardable: false,
      },
    ];
    fake.bridge.syncQueue = async () => ({ status: 200, body: rows });
    const retried: (string | null)[] = [];
    fake.bridge.syncRetry = async (_env, record) => (retried.push(record), { status: 200, body: { retried: 1 } });
    const { QueueTable } = await import('../sync/QueueTable');
    render(<QueueTable env="staging" />);
    const row = (await screen.findByRole('link', { name: 'Harbor Freight Lines' })).closest('tr')!;
    expect(within(row).getByText('staging refused it (400): url: Enter a valid URL.')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Fix url' }).getAttribute('href')).toBe(`#/employers/${RECORD}/edit`);
    await user.click(within(row).getByRole('button', { name: 'Retry Harbor Freight Lines' }));
    await screen.findByText('1 failed record goes again with the next push to staging.');
    expect(retried).toEqual([RECORD]);
  });
});

describe('the Divisions screen at an agency of thousands of employers', () => {
  const WEST = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
  beforeAll(() => {
    // jsdom does no layout: the list's scroll box and its rows get the heights they have in the window.
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('picker-scroll') || this.classList.contains('queue-scroll') ? 448 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'TR' ? 36 : 0;
      },
    });
  });

  it('finds employers by name, draws only the rows on screen, and moves every one found at once', async () => {
    const user = userEvent.setup();
    start(true);
    const employers = Array.from({ length: 5000 }, (_, index) => ({
      id: `01900000-0000-7000-8000-${String(index).padStart(12, '0')}`,
      name: index % 10 === 0 ? `Harbor Bakery ${index}` : `Client ${index}`,
      url: `https://c${index}.example`,
      size: '10',
      naics_codes: [],
      location_states: [],
      other_filters: [],
      division: DIVISION,
      plan_count: 0,
      expired_plan_count: 0,
    }));
    const main = { id: DIVISION, name: 'Main', users: ['broker@example.com'], employer_ids: employers.map((employer) => employer.id) };
    const west = { id: WEST, name: 'West', users: [], employer_ids: [] as string[] };
    const base = serviceAs(true);
    fake = fakeBridge((method, path, body) => {
      if (method === 'GET' && path === '/divisions/list/') return { status: 200, body: [main, west].map(({ id, name }) => ({ id, name })) };
      if (method === 'GET' && path === `/divisions/${DIVISION}/`) return { status: 200, body: main };
      if (method === 'GET' && path === `/divisions/${WEST}/`) return { status: 200, body: west };
      if (method === 'GET' && path.startsWith('/employers/summaries/'))
        return { status: 200, body: path.includes('limit') ? { count: 5000, results: employers.slice(0, 50) } : employers };
      if (method === 'PUT' && path === `/divisions/${WEST}/`) return { status: 200, body: { ...west, ...(body as object) } };
      return base(method, path, body);
    });
    const { DivisionsScreen } = await import('./people/DivisionsScreen');
    render(<DivisionsScreen />);
    const list = await screen.findByRole('table', { name: 'Employers by division' });
    expect(screen.getByText('5,000 of 5,000 employers shown; 0 selected')).toBeTruthy();
    // Only the rows on screen are drawn, not 5,000 of them.
    expect(within(list).getAllByRole('checkbox').length).toBeLessThan(40);

    await user.type(screen.getByRole('searchbox', { name: 'Find employers' }), 'harbor bakery');
    await screen.findByText('500 of 5,000 employers shown; 0 selected');
    await user.click(screen.getByRole('button', { name: 'Select the 500 shown' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Harbor Bakery 0' }));
    expect(screen.getByText('500 of 5,000 employers shown; 499 selected')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Move the 499 selected employers to' }), 'West');
    fake.calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Move 499 to West' }));
    expect(await screen.findByText('499 employers moved to West.')).toBeTruthy();
    const puts = fake.calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    const moved = (puts[0]!.body as { employer_ids: string[] }).employer_ids;
    expect(moved).toHaveLength(499);
    expect(moved.every((id) => employers.find((employer) => employer.id === id)!.name.startsWith('Harbor Bakery'))).toBe(true);
  });
});

describe('the app on a workspace it cannot open', () => {
  it('shows the recovery screen with the backups, never the app', async () => {
    start(true);
    fake.bridge.workspace = async () => ({
      ready: false,
      problem: { kind: 'too-new', message: 'this workspace was written by a newer PlanDesk (schema 9; this build knows 8)' },
    });
    fake.bridge.listBackups = async () => [{ name: 'plandesk-2026-11-22.db', bytes: 200_000, at: '2026-11-22T08:00:00.000Z' }];
    const { App } = await import('../App');
    render(<App />);
    await screen.findByRole('heading', { name: 'PlanDesk cannot open this workspace' });
    expect(screen.getByRole('alert').textContent).toContain('written by a newer PlanDesk');
    expect(await screen.findByRole('button', { name: 'Restore… plandesk-2026-11-22.db' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
  });
});
