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
  fake.bridge.environments = async () => [{ name: 'staging', baseUrl: 'https://staging.example', tokenScheme: 'Token', production: false, pending: 3 }];
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
});
