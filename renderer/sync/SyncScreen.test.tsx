// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { queryClient } from '../data/query-client';
import type { BridgeResponse, EnvironmentInfo, SyncConflict, SyncProgressEvent, SyncQueueRow } from '../../shared/bridge';
import { fakeBridge } from '../test-support/fake-bridge';
import { invalidateSync } from '../admin/admin-state';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

/** An environment as the bridge lists it: 3 changes waiting, nothing else to say unless told. */
const environment = (name: string, fields: Partial<EnvironmentInfo> = {}): EnvironmentInfo => ({
  name,
  baseUrl: `https://${name}.example`,
  tokenScheme: 'Token',
  production: false,
  pending: 3,
  conflicts: 0,
  last_pull: null,
  tokenProblem: null,
  ...fields,
});

let queueRows = 0;
/** A row of an environment's queue: a record just created here, in the given state. */
const queueRow = (name: string, entity: SyncQueueRow['entity'], state: SyncQueueRow['state']): SyncQueueRow => ({
  record: `01900000-0000-7000-8000-${String((queueRows += 1)).padStart(12, '0')}`,
  entity,
  name,
  employer: null,
  operation: 'create',
  state,
  last_attempt_at: null,
  reason: null,
  field: null,
  discardable: false,
});

beforeAll(() => {
  // jsdom does no layout: the queue's scroll box and its rows get the heights they have in the window.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('queue-scroll') ? 448 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'TR' ? 38 : 0;
    },
  });
});

beforeEach(() => {
  queryClient.clear();
  fake = fakeBridge();
  fake.bridge.environments = async () => [environment('staging')];
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
    let environments = [environment('staging')];
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

  it('gets records from an environment with progress (done of total) and Cancel, then says the counts', async () => {
    const user = userEvent.setup();
    let progress: ((event: SyncProgressEvent) => void) | undefined;
    let finish: ((response: BridgeResponse) => void) | undefined;
    const cancelled: string[] = [];
    fake.bridge.onSyncProgress = (listener) => {
      progress = listener;
      return () => undefined;
    };
    fake.bridge.pull = () => new Promise((resolve) => (finish = resolve));
    fake.bridge.cancelSync = async (env) => void cancelled.push(env);
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);

    await user.click(await screen.findByRole('button', { name: 'Get records from staging' }));
    expect(screen.getByText('Getting records from staging, starting…')).toBeTruthy();
    act(() => progress!({ env: 'staging', direction: 'pull', done: 40, total: null, failed: 0 }));
    expect(screen.getByText('Getting records from staging, 40 records so far')).toBeTruthy();
    act(() => progress!({ env: 'staging', direction: 'pull', done: 120, total: 300, failed: 0 }));
    expect(screen.getByText('Getting records from staging, 120 of 300 records')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Push to staging' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toEqual(['staging']);

    act(() => finish!({ status: 200, body: { created: 250, updated: 3, removed: 1, unchanged: 46, conflicts: 2, failed: 0, errors: [] } }));
    expect(await screen.findByText('Got 250 new, 3 changed, 1 removed; 46 unchanged. 2 conflicts wait for a decision below.')).toBeTruthy();
  });

  it('says a lost connection once, with the changes still waiting', async () => {
    const user = userEvent.setup();
    fake.bridge.sync = async () => ({ status: 503, body: { detail: 'lost the connection to staging; 2815 changes still waiting', pending: 2815 } });
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    await user.click(await screen.findByRole('button', { name: 'Push to staging' }));
    const outcome = await screen.findByText(/lost the connection/);
    expect(outcome.closest('[role=status]')!.textContent).toBe('staging: lost the connection to staging; 2815 changes still waiting.');
  });

  it('shows what a push would send for any environment, and pushes only from there', async () => {
    const user = userEvent.setup();
    const pushed: string[] = [];
    fake.bridge.syncDryRun = async () => ({
      status: 200,
      body: { would_push: { employer: 2, plan: 5, user: 0, division: 0 }, pulled_from: { production: 4 }, failed: 1, conflicts: 0 },
    });
    fake.bridge.sync = async (env) => {
      pushed.push(env);
      return { status: 200, body: { pushed: 7, failed: 0, pending: 0 } };
    };
    fake.bridge.syncQueue = async () => ({
      status: 200,
      body: [queueRow('Gold PPO 2027', 'plan', 'waiting'), queueRow('Summit Bakery', 'employer', 'waiting'), queueRow('Old Co', 'employer', 'sent')],
    });
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    await user.click(await screen.findByRole('button', { name: 'What would be sent to staging' }));
    const preview = await screen.findByRole('region', { name: 'What a push to staging would send' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 employers',
      '5 plans',
      'of them, 4 records got from production: made on staging too, or matched there when staging already has them',
      '1 failed records stay back until they are fixed',
    ]);
    // By name too, what is still to go.
    expect(await within(preview).findByText('Among them: Gold PPO 2027 (plan, create); Summit Bakery (employer, create).')).toBeTruthy();
    expect(pushed).toEqual([]);
    await user.click(within(preview).getByRole('button', { name: 'Push to staging' }));
    expect(await screen.findByText('Pushed 7, failed 0; 0 still waiting.')).toBeTruthy();
    expect(pushed).toEqual(['staging']);
  });

  it('after a restore, an environment asks for its token again, with the form open under it; nothing else is offered that would refuse', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    const restored = environment('staging', {
      tokenScheme: 'not-in-backup',
      tokenProblem: 'The token of "staging" is not in the backup this workspace was restored from (backups hold no tokens)',
    });
    fake.bridge.environments = async () => [restored];
    fake.bridge.saveEnvironment = async (input) => {
      saved.push(input);
      return { status: 200, body: { name: 'staging' } };
    };
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    expect(await screen.findByText('Enter the token again')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Push to staging' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get records from staging' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enter the token of staging' }));
    const form = screen.getByRole('form', { name: 'Change staging' });
    const token = within(form).getByLabelText(/^API token/);
    expect(document.activeElement).toBe(token);
    expect(within(form).getByText(/is not in the backup this workspace was restored from \(backups hold no tokens\): type it again\./)).toBeTruthy();
    await user.type(token, 'fresh-token');
    await user.click(within(form).getByRole('button', { name: 'Save staging' }));
    expect(saved).toEqual([{ name: 'staging', url: 'https://staging.example', production: false, token: 'fresh-token' }]);
  });

  it('a decision on a conflict says what happens next and drops the outcome it outdates', async () => {
    const user = userEvent.setup();
    const conflict: SyncConflict = {
      record: '01900000-0000-7000-8000-000000000001',
      entity: 'employer',
      kind: null,
      name: 'Summit Bakery',
      reason: 'staging already has this employer with different url; nothing was overwritten',
      remote_id: '01900000-0000-7000-8000-0000000000aa',
      deleted_here: false,
      differences: { url: { local: 'https://a.example', remote: 'https://b.example' }, location_states: { local: ['CA'], remote: ['CA', 'NV'] } },
    };
    fake.bridge.sync = async () => ({ status: 200, body: { pushed: 0, failed: 0, pending: 1, conflicts: 1 } });
    fake.bridge.syncConflicts = async () => ({ status: 200, body: [conflict] });
    fake.bridge.syncResolve = async () => ({ status: 200, body: { record: conflict.record, decision: 'keep-local', remote_id: conflict.remote_id } });
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    await user.click(await screen.findByRole('button', { name: 'Push to staging' }));
    expect(await screen.findByText('Pushed 0, failed 0; 1 still waiting.')).toBeTruthy();
    // Each field as its form names it, lists as their items.
    const states = (await screen.findByRole('rowheader', { name: 'States' })).closest('tr')!;
    expect(
      within(states)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['CA', 'CA, NV']);
    expect(screen.getByRole('rowheader', { name: 'Web address' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: "Keep this computer's" }));
    expect(await screen.findByText("Summit Bakery: this computer's values are kept; the next push to staging sends them.")).toBeTruthy();
    expect(screen.queryByText('Pushed 0, failed 0; 1 still waiting.')).toBeNull();
  });

  it("drops a decision's notice once a push has acted on it", async () => {
    const user = userEvent.setup();
    const conflict: SyncConflict = {
      record: '01900000-0000-7000-8000-000000000003',
      entity: 'employer',
      kind: null,
      name: 'Summit Bakery',
      reason: 'staging already has this employer with different url; nothing was overwritten',
      remote_id: '01900000-0000-7000-8000-0000000000cc',
      deleted_here: false,
      differences: { url: { local: 'https://a.example', remote: 'https://b.example' } },
    };
    let conflicts = [conflict];
    fake.bridge.syncConflicts = async () => ({ status: 200, body: conflicts });
    fake.bridge.syncResolve = async () => ({ status: 200, body: { record: conflict.record, decision: 'keep-local', remote_id: conflict.remote_id } });
    fake.bridge.sync = async () => ((conflicts = []), { status: 200, body: { pushed: 1, failed: 0, pending: 0 } });
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    await user.click(await screen.findByRole('button', { name: "Keep this computer's" }));
    const kept = "Summit Bakery: this computer's values are kept; the next push to staging sends them.";
    expect(await screen.findByText(kept)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Push to staging' }));
    expect(await screen.findByText('Pushed 1, failed 0; 0 still waiting.')).toBeTruthy();
    expect(screen.queryByText(kept)).toBeNull();
  });

  it('names a plan with its employer, a deleted record by what it was last called, and counts in groups of three', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 1234 }, (_, index) => ({ ...queueRow(`Dental DPPO 2026`, 'plan', 'waiting'), employer: `Client ${index}` }));
    const deleted = { ...queueRow('Vision Plus 2025', 'plan', 'waiting'), employer: 'Globex', operation: 'delete' as const };
    fake.bridge.environments = async () => [environment('staging', { pending: 15000 })];
    fake.bridge.syncQueue = async () => ({ status: 200, body: [deleted, ...many] });
    fake.bridge.syncDryRun = async () => ({
      status: 200,
      body: { would_push: { employer: 0, plan: 1235, user: 0, division: 0 }, pulled_from: {}, failed: 0, conflicts: 0 },
    });
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    expect(await screen.findByRole('radio', { name: 'Not sent yet (1,235)' })).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /^staging/ })).getAllByRole('cell')[3]!.textContent).toBe('15,000');
    expect(screen.getByRole('link', { name: 'Globex / Vision Plus 2025' }).closest('tr')!.textContent).toContain('delete');
    expect(screen.getByRole('link', { name: 'Client 0 / Dental DPPO 2026' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'What would be sent to staging' }));
    const preview = await screen.findByRole('region', { name: 'What a push to staging would send' });
    expect(within(preview).getByText('1,235 plans')).toBeTruthy();
    expect(
      await within(preview).findByText(
        'Among them: Globex / Vision Plus 2025 (plan, delete); Client 0 / Dental DPPO 2026 (plan, create); Client 1 / Dental DPPO 2026 (plan, create); ' +
          'Client 2 / Dental DPPO 2026 (plan, create); Client 3 / Dental DPPO 2026 (plan, create); Client 4 / Dental DPPO 2026 (plan, create); ' +
          'Client 5 / Dental DPPO 2026 (plan, create); Client 6 / Dental DPPO 2026 (plan, create); and 1,227 more.',
      ),
    ).toBeTruthy();
  });

  it('offers Discard beside Retry for a change refused for permission, and undoes it here once asked', async () => {
    const user = userEvent.setup();
    const refused = {
      ...queueRow('ann@harbor.example', 'user', 'failed'),
      reason: 'the token of staging may not do this: You do not have permission to perform this action.',
      discardable: true,
    };
    const invalid = { ...queueRow('Summit Bakery', 'employer', 'failed'), reason: 'staging refused it (400): url: Enter a valid URL.', field: 'url' };
    let rows = [refused, invalid];
    const discarded: string[] = [];
    fake.bridge.syncQueue = async () => ({ status: 200, body: rows });
    fake.bridge.syncDiscard = async (_env, record) => {
      discarded.push(record);
      rows = [invalid];
      return { status: 200, body: { record, discarded: 'removed' } };
    };
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    const row = (await screen.findByRole('link', { name: 'ann@harbor.example' })).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Retry ann@harbor.example' })).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Summit Bakery' }).closest('tr')!;
    expect(within(other).queryByRole('button', { name: /^Discard/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Discard… ann@harbor.example' }));
    expect(discarded).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Undo it here ann@harbor.example' }));
    expect(await screen.findByText('ann@harbor.example is undone here: it is removed from this computer, and nothing of it goes to staging.')).toBeTruthy();
    expect(discarded).toEqual([refused.record]);
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'ann@harbor.example' })).toBeNull());
  });

  it('says beside each environment how many conflicts wait there, opens on the first with conflicts, and stays there once they are decided', async () => {
    const user = userEvent.setup();
    let productionConflicts = 2;
    fake.bridge.environments = async () => [
      environment('staging'),
      environment('production', { production: true, pending: 0, conflicts: productionConflicts }),
      environment('training', { conflicts: 1 }),
    ];
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    // Nothing chosen yet: the first environment with conflicts, not the first listed.
    expect(await screen.findByRole('heading', { name: 'Queue of production' })).toBeTruthy();
    expect(screen.getByText(/2 conflicts with production wait for a decision\./)).toBeTruthy();
    // Its conflicts decided, the screen stays on it rather than moving to the next with conflicts.
    productionConflicts = 0;
    await act(() => invalidateSync());
    await vi.waitFor(() => expect(screen.queryByText(/conflicts with production wait/)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Queue of production' })).toBeTruthy();

    const trainingRow = screen.getByRole('row', { name: /^training/ });
    expect(within(trainingRow).getAllByRole('cell')[3]!.textContent).toBe('3 · 1 conflict with training');
    // jsdom draws nothing, so has no scrollIntoView: the jump is seen by where the focus lands.
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = () => undefined;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = scrollIntoView;
    });
    await user.click(within(trainingRow).getByRole('button', { name: '1 conflict with training' }));
    const heading = await screen.findByRole('heading', { name: 'Conflicts with training' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('says in words when nothing is left to send', async () => {
    const user = userEvent.setup();
    const sent = { ...queueRow('Summit Bakery', 'employer', 'sent'), last_attempt_at: '2026-03-01T10:00:00.000Z' };
    fake.bridge.syncQueue = async () => ({ status: 200, body: [sent] });
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    expect(await screen.findByText('Everything changed here has been sent to staging.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Sent (1)' }));
    expect(screen.queryByText('Everything changed here has been sent to staging.')).toBeNull();
    expect(screen.getByRole('table', { name: 'Queue of staging' })).toBeTruthy();
  });

  it('a record deleted here and changed there offers to keep it deleted or bring it back, never a link', async () => {
    const user = userEvent.setup();
    const conflict: SyncConflict = {
      record: '01900000-0000-7000-8000-000000000002',
      entity: 'employer',
      kind: null,
      name: 'Harbor Freight Co',
      reason: "deleted on this computer, but its medical plan 'Gold PPO' changed on staging since the last pull",
      remote_id: '01900000-0000-7000-8000-0000000000bb',
      deleted_here: true,
      differences: {},
    };
    const decisions: unknown[] = [];
    fake.bridge.syncConflicts = async () => ({ status: 200, body: [conflict] });
    fake.bridge.syncResolve = async (_env, _record, decision) => {
      decisions.push(decision);
      return { status: 200, body: { record: conflict.record, decision: decision.kind, remote_id: conflict.remote_id } };
    };
    const { SyncScreen } = await import('./SyncScreen');
    render(<SyncScreen />);
    const card = await screen.findByRole('article', { name: 'Employer Harbor Freight Co' });
    expect(within(card).queryByRole('button', { name: /Link to a record/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Keep it deleted' }));
    expect(await screen.findByText('Harbor Freight Co stays deleted; the next push to staging deletes it there.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: "Bring back staging's" }));
    expect(await screen.findByText("Harbor Freight Co is back, with staging's values.")).toBeTruthy();
    expect(decisions).toEqual([{ kind: 'keep-local' }, { kind: 'take-remote' }]);
  });
});
