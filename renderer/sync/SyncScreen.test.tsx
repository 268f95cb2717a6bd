// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../data/query-client';
import { fakeBridge } from '../test-support/fake-bridge';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

beforeEach(() => {
  queryClient.clear();
  fake = fakeBridge();
  fake.bridge.environments = async () => [{ name: 'staging', baseUrl: 'https://staging.example', tokenScheme: 'Token', production: false, pending: 3, last_pull: null, needsToken: false }];
});
afterEach(cleanup);

describe('sync screen', () => {
  it('a sync that fails without an answer says so, and can be run again', async () => {
    const user = userEvent.setup();
    fake.bridge.sync = async () => {
      throw new Error('Internal error.');
    };
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    await user.click(await screen.findByRole('button', { name: 'Push to staging' }));
    expect(await screen.findByText(/The sync stopped without a summary: Internal error\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Push to staging' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks before removing an environment: Keep leaves it, "Remove staging for good" removes it and says its records stay', async () => {
    const user = userEvent.setup();
    const removed: string[] = [];
    let environments = [{ name: 'staging', baseUrl: 'https://staging.example', tokenScheme: 'Token', production: false, pending: 3, last_pull: null, needsToken: false }];
    fake.bridge.environments = async () => environments;
    fake.bridge.removeEnvironment = async (name: string) => {
      removed.push(name);
      environments = [];
      return { status: 204, body: null };
    };
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);

    await user.click(await screen.findByRole('button', { name: 'Remove staging' }));
    expect(screen.getByRole('status').textContent).toBe('Removing staging forgets its token and which of its records match ours; nothing here is deleted.');
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('button', { name: 'Remove staging for good' })).toBeNull();
    expect(removed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove staging' }));
    await user.click(screen.getByRole('button', { name: 'Remove staging for good' }));
    expect(await screen.findByText('staging was removed. Its records stay on this computer.')).toBeTruthy();
    expect(removed).toEqual(['staging']);
    expect(screen.queryByRole('button', { name: 'Push to staging' })).toBeNull();
  });
});
