// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse } from '../../shared/bridge';
import { validPlanBody } from '../../tests/support/fixtures';
import { queryClient } from '../data/query-client';
import { fakeBridge, type CallHandler } from '../test-support/fake-bridge';
import { draftOf } from './wizard-draft';
import { editPlanState, newPlanState, renewalState, type PlanWizardState } from './wizard-state';

const EMPLOYER = '11111111-1111-4111-8111-111111111111';
const DRAFT = '22222222-2222-4222-8222-222222222222';
const OLD_PLAN = '33333333-3333-4333-8333-333333333333';

let fake: ReturnType<typeof fakeBridge>;
let answerPlanPost: (body: unknown) => BridgeResponse;

/** The employer's stored plans, by id (all ltd), for the sibling and prior-plan lookups. */
let storedPlans: Record<string, Record<string, unknown>> = {};

const handler: CallHandler = (method, path, body) => {
  if (method === 'GET' && path === `/employers/${EMPLOYER}/`) {
    const refs = Object.keys(storedPlans).map((id) => ({ benefit: 'ltd', id }));
    return { status: 200, body: { id: EMPLOYER, name: 'Acme Corp', plans: refs, plans_expired: [] } };
  }
  const stored = /^\/plans\/ltd\/([0-9a-f-]{36})\/$/.exec(path);
  if (method === 'GET' && stored && storedPlans[stored[1]!]) return { status: 200, body: storedPlans[stored[1]!]! };
  if (method === 'POST' && path.startsWith('/plans/')) return answerPlanPost(body);
  if (method === 'GET' && path === '/employers/summaries/') return { status: 200, body: [] };
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
const field = (name: string) => (screen.queryByRole('textbox', { name }) ?? screen.getByRole('combobox', { name })) as HTMLInputElement | HTMLSelectElement;

beforeEach(() => {
  queryClient.clear();
  storedPlans = {};
  fake = fakeBridge(handler);
  answerPlanPost = (body) => ({ status: 200, body: { ...(body as object), id: 'new' } });
  window.location.hash = '';
});
afterEach(cleanup);

describe('plan wizard', () => {
  it("says as you type what is wrong with a number, and what is accepted, in the field's words", async () => {
    const user = userEvent.setup();
    await openWizard({ ...newPlanState('ltd', EMPLOYER), step: 1 });
    await user.type(field('Monthly maximum'), '12a');
    expect(await screen.findByText('“12a” is not a number. Type monthly maximum in digits, e.g. 1,200, $1,200.50 or 1.2k.')).toBeTruthy();
    await user.clear(field('Monthly maximum'));
    await user.type(field('Monthly maximum'), '-500');
    expect(await screen.findByText('Monthly maximum cannot be negative: enter 0 or more, e.g. 1,200, $1,200.50 or 1.2k.')).toBeTruthy();
  });

  it('withdraws the end date it proposed once the start no longer reads as a date, and says an end before the start on the step', async () => {
    const user = userEvent.setup();
    await openWizard(newPlanState('ltd', EMPLOYER));
    await user.type(field('Start date'), '1/1/20');
    expect(field('End date').value).toBe('2020-12-31');
    await user.type(field('Start date'), '2');
    expect(field('End date').value).toBe('');
    await user.type(field('Start date'), '7');
    expect(field('End date').value).toBe('2027-12-31');
    await user.clear(field('End date'));
    await user.type(field('End date'), '12/31/2026');
    await user.tab();
    expect(await screen.findByText('End date must be after the start date.')).toBeTruthy();
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

  it("on save, puts the service's 400 body on the field and goes to its step, writing the draft nowhere else", async () => {
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

  it('a renewal opens on the rates, saying what step 1 was filled with, a link away, and the first rate has the focus', async () => {
    const user = userEvent.setup();
    const body = validPlanBody('dental', { employer: EMPLOYER, title: 'Dental PPO 2026', start_date: '2026-01-01', end_date: '2026-12-31' });
    await openWizard(renewalState('dental', { ...body, id: OLD_PLAN }, 'renew'));
    expect(screen.getByRole('heading', { level: 2, name: 'Step 2 of 5: Rates' })).toBeTruthy();
    const summary = screen.getByText(/^Renewing/);
    expect(summary.textContent).toBe(
      'Renewing Dental PPO 2026 as Dental PPO 2027, 2027-01-01 to 2027-12-31, renewed (same carrier). Change these in step 1, Basics',
    );
    await waitFor(() => expect(document.activeElement).toBe(field('Tier 1 employee contribution')));
    await user.click(within(summary).getByRole('button', { name: 'Change these in step 1, Basics' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 5: Basics' })).toBeTruthy();
    expect(document.activeElement).toBe(field('Plan title'));
    expect(screen.queryByText(/^Renewing/)).toBeNull();
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

describe('plan wizard: nothing typed is lost, nothing is saved twice', () => {
  const OTHER_DRAFT = '44444444-4444-4444-8444-444444444444';

  it('opened on an edit left unsaved earlier, says it resumed it', async () => {
    const { WizardScreen } = await import('./WizardScreen');
    await fake.bridge.saveDraft(draftOf(DRAFT, { ...newPlanState('ltd', EMPLOYER), step: 1 }));
    render(<WizardScreen draftId={DRAFT} resumed />);
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Benefit' });
    expect(screen.getByText('Resumed from a draft: what you typed earlier is back.')).toBeTruthy();
  });

  it('reopening a draft shows what is stored, not what an earlier visit left in memory', async () => {
    const user = userEvent.setup();
    const { WizardScreen } = await import('./WizardScreen');
    await fake.bridge.saveDraft(draftOf(DRAFT, { ...newPlanState('ltd', EMPLOYER), step: 1 }));
    const first = render(<WizardScreen draftId={DRAFT} />);
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Benefit' });
    first.unmount();
    // Meanwhile the stored draft moved on (another window of web mode, a resumed copy...).
    await fake.bridge.saveDraft(draftOf(DRAFT, { ...newPlanState('ltd', EMPLOYER), step: 0 }));
    render(<WizardScreen draftId={DRAFT} />);
    expect(screen.queryByRole('heading', { level: 2, name: 'Step 2 of 3: Benefit' })).toBeNull();
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: Basics' });
    await user.type(field('Plan title'), 'Short term');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    const saved = fake.drafts.get(DRAFT)!.state as unknown as PlanWizardState;
    expect([saved.step, saved.form.values['title']]).toEqual([0, 'Short term']);
  });

  it("switching drafts never autosaves one draft's typing under the other", async () => {
    const user = userEvent.setup();
    const { WizardScreen } = await import('./WizardScreen');
    await fake.bridge.saveDraft(draftOf(DRAFT, { ...newPlanState('ltd', EMPLOYER), step: 1 }));
    await fake.bridge.saveDraft(draftOf(OTHER_DRAFT, newPlanState('std', EMPLOYER)));
    const view = render(<WizardScreen key={DRAFT} draftId={DRAFT} />);
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Benefit' });
    view.rerender(<WizardScreen key={OTHER_DRAFT} draftId={OTHER_DRAFT} />);
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: Basics' });
    await user.type(field('Plan title'), 'Short term');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect((fake.drafts.get(DRAFT)!.state as unknown as PlanWizardState).benefit).toBe('ltd');
    expect((fake.drafts.get(OTHER_DRAFT)!.state as unknown as PlanWizardState).form.values['title']).toBe('Short term');
  });

  it('a draft read late never lands under the draft opened after it', async () => {
    const { useWizard } = await import('./wizard-store');
    await fake.bridge.saveDraft(draftOf(DRAFT, newPlanState('ltd', EMPLOYER)));
    await fake.bridge.saveDraft(draftOf(OTHER_DRAFT, newPlanState('std', EMPLOYER)));
    const read = fake.bridge.readDraft;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.bridge.readDraft = async (id) => {
      if (id === DRAFT) await gate;
      return read(id);
    };
    const first = useWizard.getState().load(DRAFT);
    const second = useWizard.getState().load(OTHER_DRAFT);
    await second;
    release();
    await first;
    expect(useWizard.getState().draftId).toBe(OTHER_DRAFT);
    expect(useWizard.getState().state?.benefit).toBe('std');
  });

  it('a save that finishes after another draft was opened leaves that draft alone', async () => {
    const { useWizard } = await import('./wizard-store');
    const body = validPlanBody('ltd', { employer: EMPLOYER });
    await fake.bridge.saveDraft(draftOf(DRAFT, { ...renewalState('ltd', { ...body, id: OLD_PLAN }, 'renew'), step: 2 }));
    await fake.bridge.saveDraft(draftOf(OTHER_DRAFT, newPlanState('std', EMPLOYER)));
    const call = fake.bridge.call;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.bridge.call = async (method, path, payload) => {
      if (method === 'POST') await gate;
      return call(method, path, payload);
    };
    window.location.hash = `#/wizard/${OTHER_DRAFT}`;
    await useWizard.getState().load(DRAFT);
    const saving = useWizard.getState().save();
    await useWizard.getState().load(OTHER_DRAFT);
    release();
    await saving;
    expect(useWizard.getState().draftId).toBe(OTHER_DRAFT);
    expect(useWizard.getState().state?.benefit).toBe('std');
    expect(window.location.hash).toBe(`#/wizard/${OTHER_DRAFT}`);
    expect(fake.drafts.has(DRAFT)).toBe(false);
  });

  it('opens a draft of an older shape instead of failing the screen', async () => {
    const legacy = { version: 1, mode: 'new', benefit: 'ltd', employerId: EMPLOYER, form: { values: { title: 'Kept title' } }, step: 9 };
    await fake.bridge.saveDraft({ id: DRAFT, form: 'plan', title: 'Kept title', detail: '', state: legacy });
    const { WizardScreen } = await import('./WizardScreen');
    render(<WizardScreen draftId={DRAFT} />);
    await screen.findByRole('heading', { level: 2, name: 'Step 3 of 3: Review and save' });
    expect(screen.getByRole('button', { name: 'Save plan' })).toBeTruthy();
    expect(screen.getByText('Kept title')).toBeTruthy();
  });

  it('says so when the save cannot reach the service, and keeps the draft', async () => {
    const user = userEvent.setup();
    answerPlanPost = () => {
      throw new Error('connection refused');
    };
    const body = validPlanBody('ltd', { employer: EMPLOYER });
    await openWizard({ ...renewalState('ltd', { ...body, id: OLD_PLAN }, 'renew'), step: 2 });
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Could not save: connection refused')).toBeTruthy();
    expect(fake.drafts.has(DRAFT)).toBe(true);
    expect((screen.getByRole('button', { name: 'Save plan' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a saved plan is never posted again, even when its draft cannot be deleted', async () => {
    const user = userEvent.setup();
    const body = validPlanBody('ltd', { employer: EMPLOYER });
    await openWizard({ ...renewalState('ltd', { ...body, id: OLD_PLAN }, 'renew'), step: 2 });
    fake.bridge.deleteDraft = async () => {
      throw new Error('gone away');
    };
    await user.keyboard('{Control>}s{/Control}{Control>}s{/Control}');
    await user.keyboard('{Enter}{Control>}s{/Control}');
    await waitFor(() => expect(window.location.hash).toBe(`#/employers/${EMPLOYER}`));
    await user.keyboard('{Control>}s{/Control}');
    expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('plan wizard: editing a renewed or converted plan', () => {
  const THIS_YEAR = '55555555-5555-4555-8555-555555555555';

  it("checks the renewal action against the prior plan's carrier, not against the plan itself", async () => {
    const prior = { ...validPlanBody('ltd', { employer: EMPLOYER, carrier: 'Unum', title: 'LTD 2025' }), id: OLD_PLAN };
    const converted = {
      ...validPlanBody('ltd', { employer: EMPLOYER, carrier: 'The Hartford', title: 'LTD 2026', from_plan: OLD_PLAN, from_action: 'CONVERTED' }),
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      id: THIS_YEAR,
    };
    storedPlans = { [OLD_PLAN]: prior, [THIS_YEAR]: converted };
    await openWizard({ ...editPlanState('ltd', converted), step: 2 });
    await screen.findByText('Acme Corp');
    expect(screen.queryByText(/Marked as converted/)).toBeNull();
    expect(screen.queryByText(/Marked as renewed/)).toBeNull();
    // "Last year vs this year" is last year's plan against this one, not this one against itself.
    const changed = screen.getByRole('table', { name: 'Last year vs this year' });
    const carrierRow = within(changed)
      .getByRole('rowheader', { name: /Carrier/ })
      .closest('tr')!;
    expect(within(carrierRow).getByText('Unum')).toBeTruthy();
    expect(within(carrierRow).getByText('The Hartford')).toBeTruthy();
  });

  it('still warns when an edit makes the action contradict the prior plan', async () => {
    const prior = { ...validPlanBody('ltd', { employer: EMPLOYER, carrier: 'Unum', title: 'LTD 2025' }), id: OLD_PLAN };
    const renewed = {
      ...validPlanBody('ltd', { employer: EMPLOYER, carrier: 'The Hartford', title: 'LTD 2026', from_plan: OLD_PLAN, from_action: 'RENEWED' }),
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      id: THIS_YEAR,
    };
    storedPlans = { [OLD_PLAN]: prior, [THIS_YEAR]: renewed };
    await openWizard({ ...editPlanState('ltd', renewed), step: 2 });
    expect(await screen.findByText(/Marked as renewed, but the carrier changed from Unum to The Hartford/)).toBeTruthy();
  });
});
