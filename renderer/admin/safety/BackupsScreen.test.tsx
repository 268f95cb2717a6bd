// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../data/query-client';
import { fakeBridge } from '../../test-support/fake-bridge';
import { BackupsScreen } from './BackupsScreen';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

beforeEach(() => {
  queryClient.clear();
  fake = fakeBridge();
});
afterEach(cleanup);

describe('checking the workspace', () => {
  it('says the check could not be made, with the id of its line in the log, and checks again when asked', async () => {
    let checks = 0;
    fake.bridge.checkWorkspace = async () => {
      checks += 1;
      if (checks === 1)
        throw new Error(
          "Error invoking remote method 'plandesk:checkWorkspace': Error: the background thread checking the workspace stopped (exit code 70); try again (error 7KQ2MX, in the log)",
        );
      return { ok: true, problems: [] };
    };
    render(<BackupsScreen />);
    const check = await screen.findByRole('button', { name: 'Check the workspace' });
    await userEvent.click(check);
    expect(
      await screen.findByText(
        'The check could not be made: the background thread checking the workspace stopped (exit code 70); try again (error 7KQ2MX, in the log)',
      ),
    ).toBeTruthy();
    await userEvent.click(check);
    expect(await screen.findByText('The workspace is intact.')).toBeTruthy();
    expect(screen.queryByText(/could not be made/)).toBeNull();
  });
});
