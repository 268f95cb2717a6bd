// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse } from '../../shared/bridge';
import { validPlanBody } from '../../shared/plans/fixtures';
import { fakeBridge, type CallHandler } from '../test-support/fake-bridge';
import { draftOf } from './wizard-draft';
import { newPlanState, renewalState, type PlanWizardState } from './wizard-state';

const EMPLOYER = '11111111-1111-4111-8111-111111111111';
const DRAFT = '22222222-2222-4222-8222-222222222222';
const OLD_PLAN = '33333333-3333-4333-8333-333333333333';

let fake: ReturnType<typeof fakeBridge>;
let answerPlanPost: (body: unknown) => BridgeResponse;

const handler: CallHandler = (method, path, body) => {
  if (method === 'GET' && path === `/employers/${EMPLOYER}/`) return { status: 200, body: { id: EMPLOYER, name: 'Acme Corp', plans: [], plans_expired: [] } };
  if (method === 'POST' && path.startsWith('/plans/')) return answerPlanPost(body);
  return undefined;
};

vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

async function openWizard(state: PlanWizardState) {
  await fake.bridge.saveDraft(draftOf(DRAFT, state));
  const { WizardScreen } = await import('./WizardScreen');
  render(<WizardScreen draftId={DRAFT} />);
  await screen.findByRole('heading', { level: 2, name: /^Step \d+ of/ });
}

/** A field by its accessible name (the required mark is aria-hidden, so not part of it). */
const field = (name: string) =>
  (screen.queryByRole('textbox', { name }) ?? screen.getByRole('combobox', { name })) as HTMLInputElement | HTMLSelectElement;

beforeEach(() => {
  fake = fakeBridge(handler);
  answerPlanPost = (body) => ({ status: 200, body: { ...(body as object), id: 'new' } });
  window.location.hash = '';
});
afterEach(cleanup);

describe('plan wizard', () => {
  it('shows the shared schema\'s message as you type', async () => {
    const user = userEvent.setup();
    await openWizard({ ...newPlanState('ltd', EMPLOYER), step: 1 });
    await user.type(field('Monthly maximum'), '12a');
    expect(await screen.findByText('A valid integer is required.')).toBeTruthy();
  });

  it('Enter moves to the next field, and past the last field of a step to the next step', async () => {
    const user = userEvent.setup();
    await openWizard(newPlanState('ltd', EMPLOYER));
    expect(document.activeElement).toBe(field('Plan title'));
    await user.keyboard('Gold LTD{Enter}');
    expect(document.activeElement).toBe(field('Carrier'));
    await user.click(field('End date'));
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Benefit' });
  });

  it('offers an explicit "none" for required-but-nullable fields, sending null', async () => {
    const user = userEvent.setup();
    const state = newPlanState('medical', EMPLOYER);
    await openWizard({ ...state, step: 1 });
    const none = screen.getByRole('checkbox', { name: 'Tobacco surcharge: none' });
    await user.click(none);
    expect(field('Tobacco surcharge').hasAttribute('disabled')).toBe(true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    const saved = fake.drafts.get(DRAFT)!.state as unknown as PlanWizardState;
    expect(saved.form.none['tobacco_surcharge']).toBe(true);
  });

  it('on save, puts the service\'s 400 body on the field and goes to its step, writing the draft nowhere else', async () => {
    const user = userEvent.setup();
    answerPlanPost = () => ({ status: 400, body: { title: ['plan with this title already exists.'] } });
    const body = validPlanBody('ltd', { employer: EMPLOYER });
    const state = renewalState('ltd', { ...body, id: OLD_PLAN }, 'renew');
    await openWizard({ ...state, step: 2 });
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: Basics' });
    expect(screen.getByText('plan with this title already exists.')).toBeTruthy();
    expect(fake.drafts.has(DRAFT)).toBe(true);
  });

  it('a conversion proposes CONVERTED once a different carrier is typed, RENEWED for the same one', async () => {
    const user = userEvent.setup();
    const body = validPlanBody('ltd', { employer: EMPLOYER, carrier: 'Unum' });
    await openWizard(renewalState('ltd', { ...body, id: OLD_PLAN }, 'convert'));
    await user.type(field('Carrier'), 'The Hartford');
    expect((field('Renewal action') as HTMLSelectElement).value).toBe('CONVERTED');
    await user.clear(field('Carrier'));
    await user.type(field('Carrier'), 'unum');
    expect((field('Renewal action') as HTMLSelectElement).value).toBe('RENEWED');
  });

  it('saves a valid plan through the service and removes its draft', async () => {
    const user = userEvent.setup();
    const body = validPlanBody('ltd', { employer: EMPLOYER });
    const state = renewalState('ltd', { ...body, id: OLD_PLAN }, 'renew');
    await openWizard({ ...state, step: 2 });
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(fake.drafts.has(DRAFT)).toBe(false));
    const post = fake.calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/plans/ltd/');
    expect(post.body).toMatchObject({ from_plan: OLD_PLAN, from_action: 'RENEWED', employer: EMPLOYER });
  });
});
