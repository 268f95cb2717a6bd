// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validPlanBody } from '../../tests/support/fixtures';
import { queryClient } from '../data/query-client';
import { fakeBridge } from '../test-support/fake-bridge';

const EMPLOYER = '11111111-1111-4111-8111-111111111111';
const PLAN = '33333333-3333-4333-8333-333333333333';
const DRAFT = '44444444-4444-4444-8444-444444444444';
const RENEWAL_DRAFT = '55555555-5555-4555-8555-555555555555';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

beforeEach(() => {
  queryClient.clear();
  fake = fakeBridge((method, path) => {
    if (method === 'GET' && path === `/plans/ltd/${PLAN}/`) {
      return { status: 200, body: { ...validPlanBody('ltd', { employer: EMPLOYER }), id: PLAN, status: 'ACTIVE' } };
    }
    if (method === 'DELETE' && path === `/plans/ltd/${PLAN}/`) return { status: 204, body: null };
    if (method === 'GET' && path === '/employers/summaries/') return { status: 200, body: [] };
    return undefined;
  });
  window.location.hash = `#/plans/ltd/${PLAN}`;
});
afterEach(cleanup);

describe('plan page', () => {
  it('a double click or a repeated Alt+R starts one renewal, not two drafts', async () => {
    const user = userEvent.setup();
    const { PlanPage } = await import('./PlanPage');
    render(<PlanPage benefit="ltd" id={PLAN} />);
    const renew = await screen.findByRole('button', { name: 'Renew' });
    await user.keyboard('{Alt>}r{/Alt}{Alt>}r{/Alt}');
    await user.dblClick(renew);
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/wizard\//));
    expect(fake.drafts.size).toBe(1);
  });

  it('Edit resumes an edit of this plan left unsaved earlier instead of starting a second one', async () => {
    const user = userEvent.setup();
    const { PlanPage } = await import('./PlanPage');
    const { editPlanState } = await import('./wizard-state');
    const { draftOf } = await import('./wizard-draft');
    const stored = { ...validPlanBody('ltd', { employer: EMPLOYER }), id: PLAN, status: 'ACTIVE' };
    const earlier = { ...editPlanState('ltd', stored), step: 2 };
    await fake.bridge.saveDraft(draftOf(DRAFT, earlier));
    await fake.bridge.saveDraft(draftOf(RENEWAL_DRAFT, { ...earlier, mode: 'renew' }));
    render(<PlanPage benefit="ltd" id={PLAN} />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/wizard/${DRAFT}?resumed`));
    expect(fake.drafts.size).toBe(2);
  });

  it('Edit starts afresh when the plan changed since an unsaved edit of it began (that draft stays)', async () => {
    const user = userEvent.setup();
    const { PlanPage } = await import('./PlanPage');
    const { editPlanState } = await import('./wizard-state');
    const { draftOf } = await import('./wizard-draft');
    const before = { ...validPlanBody('ltd', { employer: EMPLOYER }), id: PLAN, status: 'ACTIVE', carrier: 'Carrier Before' };
    await fake.bridge.saveDraft(draftOf(DRAFT, editPlanState('ltd', before)));
    render(<PlanPage benefit="ltd" id={PLAN} />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/wizard\//));
    expect(window.location.hash).not.toContain(DRAFT);
    expect(fake.drafts.size).toBe(2);
  });

  it('deleting a plan refreshes the employer list, whose plan counts changed', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    const { PlanPage } = await import('./PlanPage');
    render(<PlanPage benefit="ltd" id={PLAN} />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/employers/${EMPLOYER}`));
    await waitFor(() => expect(fake.calls.some((call) => call.path === '/employers/summaries/')).toBe(true));
  });
});
