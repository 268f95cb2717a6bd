// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse, SyncProgressEvent } from '../../shared/bridge';
import { fakeBridge } from '../test-support/fake-bridge';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

beforeEach(() => {
  fake = fakeBridge();
});
afterEach(cleanup);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: "Start from my agency's server" }));
  await user.type(screen.getByLabelText(/^Your first name/), 'Nora');
  await user.type(screen.getByLabelText(/^Your last name/), 'Broker');
  await user.type(screen.getByLabelText(/^Your work e-mail/), 'new.broker@example.com');
  await user.type(screen.getByLabelText(/^Server address/), 'https://plandesk.acme.example');
  await user.type(screen.getByLabelText(/^Your API token/), 'secret-token');
}

describe("start from the agency's server", () => {
  it('puts what the server refused on its field, and stays to be corrected', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    fake.bridge.startFromServer = async (input) => {
      sent.push(input);
      return { status: 400, body: { token: ['The server at https://plandesk.acme.example rejected this token; nothing was set up.'] } };
    };
    const { ServerStart } = await import('./ServerStart');
    render(<ServerStart />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Start from this server' }));
    expect(await screen.findByText('The server at https://plandesk.acme.example rejected this token; nothing was set up.')).toBeTruthy();
    expect(screen.getByLabelText(/^Your API token/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([
      {
        first_name: 'Nora',
        last_name: 'Broker',
        email: 'new.broker@example.com',
        env: 'production',
        url: 'https://plandesk.acme.example',
        token: 'secret-token',
        production: true,
      },
    ]);
  });

  it('marks the server production unless it is this computer and not named so; the choice made sticks, and the finish says it with the role', async () => {
    const user = userEvent.setup();
    const sent: { production?: boolean }[] = [];
    fake.bridge.startFromServer = async (input) => {
      sent.push(input as { production?: boolean });
      return {
        status: 200,
        body: { env: 'local', production: false, admin: false, pull: { status: 200, body: { created: 1500, updated: 0, removed: 0, unchanged: 0 } } },
      };
    };
    const { ServerStart } = await import('./ServerStart');
    render(<ServerStart />);
    await fillIn(user);
    const production = screen.getByRole('checkbox', { name: /^Production: show what would be sent and ask before every push/ }) as HTMLInputElement;
    // An agency's server over https: production, whatever it is called.
    expect(production.checked).toBe(true);
    await user.clear(screen.getByLabelText(/^Call it/));
    await user.type(screen.getByLabelText(/^Call it/), 'local');
    expect(production.checked).toBe(true);
    await user.clear(screen.getByLabelText(/^Server address/));
    await user.type(screen.getByLabelText(/^Server address/), 'http://127.0.0.1:8787');
    expect(production.checked).toBe(false);
    await user.click(production);
    await user.click(production);
    await user.type(screen.getByLabelText(/^Call it/), '-prod');
    expect(production.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Start from this server' }));
    expect(sent).toEqual([expect.objectContaining({ production: false })]);
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your workspace is ready with the records of local. Got 1,500 new, 0 changed, 0 removed; 0 unchanged.');
    expect(done.textContent).toContain('local is not marked production: pushes to it go without asking.');
    expect(done.textContent).toContain('You are a user on local, not an admin, and so here: your agency');
  });

  it("asks for the agency's name only when the server does not say it", async () => {
    const user = userEvent.setup();
    const sent: { account?: string }[] = [];
    fake.bridge.startFromServer = async (input) => {
      sent.push(input);
      return input.account
        ? { status: 400, body: { token: ['The server at https://plandesk.acme.example rejected this token; nothing was set up.'] } }
        : { status: 400, body: { account: ['The server at https://plandesk.acme.example does not say your agency or account name: type it.'] } };
    };
    const { ServerStart } = await import('./ServerStart');
    render(<ServerStart />);
    await fillIn(user);
    expect(screen.queryByLabelText(/^Your agency or account name/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start from this server' }));
    expect(await screen.findByText('The server at https://plandesk.acme.example does not say your agency or account name: type it.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Your agency or account name/), 'Acme Brokers');
    await user.click(screen.getByRole('button', { name: 'Start from this server' }));
    await screen.findByText(/rejected this token/);
    expect(sent.map((input) => input.account)).toEqual([undefined, 'Acme Brokers']);
    expect(screen.getByLabelText(/^Your agency or account name/)).toBeTruthy();
  });

  it('shows the records coming in, then says the workspace is ready; a pull that stopped says the workspace stays', async () => {
    const user = userEvent.setup();
    let progress: ((event: SyncProgressEvent) => void) | undefined;
    let finish: ((response: BridgeResponse) => void) | undefined;
    fake.bridge.onSyncProgress = (listener) => {
      progress = listener;
      return () => undefined;
    };
    fake.bridge.startFromServer = () => new Promise((resolve) => (finish = resolve));
    const { ServerStart } = await import('./ServerStart');
    render(<ServerStart />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Start from this server' }));
    expect(screen.getByText('Checking https://plandesk.acme.example…')).toBeTruthy();
    act(() => progress!({ env: 'production', direction: 'pull', done: 80, total: 200, failed: 0 }));
    expect(screen.getByText(/Getting records from production, 80 of 200 records/)).toBeTruthy();
    const stopped: string[] = [];
    fake.bridge.cancelSync = async (env) => void stopped.push(env);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(stopped).toEqual(['production']);
    act(() => finish!({ status: 200, body: { env: 'production', pull: { status: 503, body: { detail: 'lost the connection to production' } } } }));
    expect(
      await screen.findByText(
        'Your workspace is set up and production is saved, but getting its records stopped: lost the connection to production. Open PlanDesk and get them again from Sync.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open PlanDesk' })).toBeTruthy();
  });
});
