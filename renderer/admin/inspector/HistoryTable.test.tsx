// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../shared/inspector';
import { queryClient } from '../../data/query-client';
import { fakeBridge } from '../../test-support/fake-bridge';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

beforeEach(() => {
  queryClient.clear();
  fake = fakeBridge((method, path) => (method === 'GET' && path === '/divisions/list/' ? { status: 200, body: [] } : undefined));
});
afterEach(cleanup);

describe('a record history', () => {
  it('says which changes a pull brought, and from where', async () => {
    const history: HistoryEntry[] = [
      { at: '2026-03-01T10:00:00.000Z', user: 'bob@harbor.example', op: 'create', changes: { title: [null, 'Gold PPO'] }, pulled_from: 'production' },
      { at: '2026-03-02T10:00:00.000Z', user: 'bob@harbor.example', op: 'update', changes: { title: ['Gold PPO', 'Gold PPO 2026'] } },
    ];
    const { HistoryTable } = await import('./HistoryTable');
    render(<HistoryTable history={history} />);
    const [, newest, oldest] = within(await screen.findByRole('table', { name: 'History' })).getAllByRole('row');
    expect(within(newest!).getAllByRole('cell')[2]!.textContent).toBe('update');
    expect(within(oldest!).getAllByRole('cell')[2]!.textContent).toBe('create, pulled from production');
  });
});
