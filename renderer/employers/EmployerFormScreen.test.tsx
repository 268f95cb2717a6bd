// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse } from '../../shared/bridge';
import { employerMessages } from '../../shared/resources/employer';
import { useWorkspace } from '../app/workspace-store';
import { queryClient } from '../data/query-client';
import { fakeBridge } from '../test-support/fake-bridge';
import { EmployerFormScreen } from './EmployerFormScreen';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

const DIVISION = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const GOVERNMENT = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NON_PROFIT = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const EMPLOYER = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const DRAFT = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

const STORED = {
  id: EMPLOYER,
  account: 'x',
  name: 'Globex',
  url: 'https://globex.example',
  size: '250',
  naics_codes: ['541511'],
  location_states: ['CA'],
  other_filters: [],
  division: DIVISION,
  plans: [],
  plans_expired: [],
};

let answerSave: (method: string, body: unknown) => BridgeResponse;

beforeEach(() => {
  queryClient.clear();
  answerSave = (_method, body) => ({ status: 200, body: { ...(body as object), id: EMPLOYER } });
  fake = fakeBridge((method, path, body) => {
    if (method === 'POST' && path === '/employers/') return answerSave(method, body);
    if (method === 'PUT' && path === `/employers/${EMPLOYER}/`) return answerSave(method, body);
    if (method === 'GET' && path === `/employers/${EMPLOYER}/`) return { status: 200, body: STORED };
    if (method === 'GET' && path === '/employers/summaries/') return { status: 200, body: [] };
    return undefined;
  });
  useWorkspace.setState({
    divisions: [{ id: DIVISION, name: 'East' }],
    filters: [
      { id: GOVERNMENT, name: 'Government Contractor' },
      { id: NON_PROFIT, name: 'Non-Profit Organization' },
    ],
  });
  window.location.hash = '#/employers/new';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A field by its accessible name (the required mark is aria-hidden, so not part of it). */
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement | HTMLSelectElement;
const saveCalls = () => fake.calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
const waitForAutosave = () => act(async () => new Promise((resolve) => setTimeout(resolve, 400)));

async function renderForm(props: { employerId?: string; draftId?: string } = {}) {
  render(<EmployerFormScreen {...props} />);
  return screen.findByRole('form', { name: /employer/i });
}

describe('employer form', () => {
  it("shows the shared schema's message for an invalid web address once the field is touched", async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(textbox('Web address'), 'globex.example');
    expect(screen.queryByText(employerMessages.url)).toBeNull();
    await user.tab();
    expect(screen.getByText(employerMessages.url)).toBeTruthy();
    expect(textbox('Web address').getAttribute('aria-invalid')).toBe('true');
    await user.clear(textbox('Web address'));
    await user.type(textbox('Web address'), 'https://globex.example');
    expect(screen.queryByText(employerMessages.url)).toBeNull();
  });

  it('reads eligible employees by the one number rule: "1,250" is sent as 1250, "12,34,5" is refused saying why', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(textbox('Employer name'), 'Globex');
    await user.type(textbox('Web address'), 'https://globex.example');
    await user.type(textbox('Eligible employees'), '12,34,5');
    await user.tab();
    expect(
      screen.getByText('“12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).'),
    ).toBeTruthy();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(saveCalls()).toEqual([]);
    await user.clear(textbox('Eligible employees'));
    await user.type(textbox('Eligible employees'), '1,250');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(saveCalls()).toHaveLength(1));
    expect(saveCalls()[0]!.body).toMatchObject({ size: '1250' });
  });

  it('Enter moves to the next field, through the pickers when nothing is typed in them', async () => {
    const user = userEvent.setup();
    await renderForm();
    expect(document.activeElement).toBe(textbox('Employer name'));
    await user.keyboard('Globex{Enter}');
    expect(document.activeElement).toBe(textbox('Web address'));
    await user.keyboard('https://globex.example{Enter}');
    expect(document.activeElement).toBe(textbox('Eligible employees'));
    await user.keyboard('250{Enter}');
    expect(document.activeElement).toBe(combobox('NAICS codes'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(combobox('States'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Government Contractor' }));
    expect(saveCalls()).toEqual([]);
  });

  it('saves with Ctrl+Enter: POSTs the typed body, deletes the draft and opens the employer', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.keyboard('Globex{Enter}https://globex.example{Enter}250{Enter}');
    // A code, then words of a title (111150 Corn Farming); Enter in the emptied box moves on.
    await user.keyboard('541511{Enter}corn farm{Enter}{Enter}');
    await user.keyboard('ca{Enter}new york{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Government Contractor' }));
    expect(
      within(screen.getByRole('list', { name: 'Chosen NAICS codes' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['541511 Custom Computer Programming Services×', '111150 Corn Farming×']);
    await waitForAutosave();
    expect(fake.drafts.get([...fake.drafts.keys()][0]!)).toMatchObject({ form: 'employer', title: 'Globex', detail: 'Employer · new' });

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(window.location.hash).toBe(`#/employers/${EMPLOYER}`));
    expect(saveCalls()).toEqual([
      {
        method: 'POST',
        path: '/employers/',
        body: {
          name: 'Globex',
          url: 'https://globex.example',
          size: '250',
          naics_codes: ['541511', '111150'],
          location_states: ['CA', 'NY'],
          other_filters: [GOVERNMENT],
          division: DIVISION,
        },
      },
    ]);
    expect(fake.drafts.size).toBe(0);
  });

  it("puts the service's 400 body on its fields, and errors of no field at the top", async () => {
    const user = userEvent.setup();
    answerSave = () => ({
      status: 400,
      body: { name: ['employer with this name already exists.'], non_field_errors: ['The account is read-only.'] },
    });
    await renderForm();
    await user.keyboard('Globex{Enter}https://globex.example{Enter}250');
    await user.click(screen.getByRole('button', { name: 'Save employer' }));

    const message = await screen.findByText('An employer named “Globex” already exists in this workspace.');
    const name = textbox('Employer name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.closest('ul')!.id);
    expect(document.activeElement).toBe(name);
    expect(screen.getByText('The account is read-only.')).toBeTruthy();
    expect(window.location.hash).toMatch(/^#\/employers\/new\?draft=[0-9a-f-]{36}$/);

    await user.type(name, ' Inc');
    expect(screen.queryByText('An employer named “Globex” already exists in this workspace.')).toBeNull();
  });

  it('does not call the service while the form is invalid, and shows every problem', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Save employer' }));
    expect(saveCalls()).toEqual([]);
    expect(screen.getAllByText('This field may not be blank.')).toHaveLength(3);
    expect(document.activeElement).toBe(textbox('Employer name'));
  });

  it('NAICS picker: Backspace in the empty box removes the last chip; a code outside the 2017 list is not offered, and says why', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(combobox('NAICS codes'));
    await user.keyboard('999999{Enter}');
    expect(screen.getByText("999999 is not a 2017 NAICS code. Search by the industry's words (software) or the first digits of its code (5415).")).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chosen NAICS codes' })).toBeNull();
    await user.clear(combobox('NAICS codes'));
    await user.keyboard('511210{Enter}541511{Enter}');
    const chips = () =>
      within(screen.getByRole('list', { name: 'Chosen NAICS codes' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent);
    expect(chips()).toEqual(['511210 Software Publishers×', '541511 Custom Computer Programming Services×']);
    await user.keyboard('{Backspace}');
    expect(chips()).toEqual(['511210 Software Publishers×']);
    await user.click(screen.getByRole('button', { name: 'Remove 511210' }));
    expect(screen.queryByRole('list', { name: 'Chosen NAICS codes' })).toBeNull();
  });

  it('NAICS picker: "software" and Enter adds Software Publishers, the code a broker means', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(combobox('NAICS codes'));
    await user.keyboard('software');
    const suggestions = await screen.findByRole('listbox', { name: 'NAICS codes suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .slice(0, 2)
        .map((option) => option.textContent),
    ).toEqual(['511210 Software Publishers', '541511 Custom Computer Programming Services']);
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: 'Chosen NAICS codes' })).getByRole('listitem').textContent).toBe('511210 Software Publishers×');
  });

  it('says on the NAICS field that a code pasted in, or stored before, is not a 2017 NAICS code, and saves nothing', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(textbox('Employer name'), 'Globex');
    await user.type(textbox('Web address'), 'https://globex.example');
    await user.type(textbox('Eligible employees'), '250');
    await user.click(combobox('NAICS codes'));
    await user.paste('541511, 999999');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save employer' }));
    expect(await screen.findByText(/^.999999. is not a 2017 NAICS code\.$/)).toBeTruthy();
    expect(saveCalls()).toEqual([]);
  });

  it('state picker: type-ahead by name, arrows choose, a pasted list adds every state', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(combobox('States'));
    await user.keyboard('new');
    const suggestions = screen.getByRole('listbox', { name: 'States suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['NH New Hampshire', 'NJ New Jersey', 'NM New Mexico', 'NY New York']);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await user.keyboard('tx, dc{Enter}');
    const chips = within(screen.getByRole('list', { name: 'Chosen States' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['NY×', 'TX×', 'DC×']);
  });

  it('resumes a draft with what was typed, and edits save with PUT', async () => {
    const user = userEvent.setup();
    await fake.bridge.saveDraft({
      id: DRAFT,
      form: 'employer',
      title: 'Globex Intl',
      detail: 'Employer · editing',
      state: { employerId: EMPLOYER, values: { ...STORED, name: 'Globex Intl', location_states: ['CA', 'TX'] } } as never,
    });
    await renderForm({ employerId: EMPLOYER, draftId: DRAFT });
    expect(textbox('Employer name').value).toBe('Globex Intl');
    expect(textbox('Web address').value).toBe('https://globex.example');
    expect(screen.getByRole('button', { name: 'Remove TX' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save employer' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/employers/${EMPLOYER}`));
    expect(saveCalls()).toMatchObject([{ method: 'PUT', path: `/employers/${EMPLOYER}/`, body: { name: 'Globex Intl', location_states: ['CA', 'TX'] } }]);
    expect(fake.drafts.has(DRAFT)).toBe(false);
  });

  it('Edit pressed again resumes the draft left earlier for that employer, and the address names it', async () => {
    const user = userEvent.setup();
    await renderForm({ employerId: EMPLOYER });
    await user.clear(textbox('Employer name'));
    await user.type(textbox('Employer name'), 'Globex Intl');
    await waitForAutosave();
    cleanup();
    window.location.hash = `#/employers/${EMPLOYER}/edit`;

    await renderForm({ employerId: EMPLOYER });
    expect(textbox('Employer name').value).toBe('Globex Intl');
    expect(screen.getByText('Resumed from a draft: what you typed earlier is back.')).toBeTruthy();
    const [draft] = [...fake.drafts.keys()];
    expect(window.location.hash).toBe(`#/employers/${EMPLOYER}/edit?draft=${draft}`);
    expect(fake.drafts.size).toBe(1);
  });

  it('a draft resumed from the Drafts screen keeps the values its edit began on, so Edit later still sees the employer changed', async () => {
    const user = userEvent.setup();
    const begunOn = { ...STORED, size: '90' };
    await fake.bridge.saveDraft({
      id: DRAFT,
      form: 'employer',
      title: 'Globex Intl',
      detail: 'Employer · editing',
      state: { employerId: EMPLOYER, values: { ...STORED, name: 'Globex Intl' }, saved: begunOn } as never,
    });
    await renderForm({ employerId: EMPLOYER, draftId: DRAFT });
    await user.type(textbox('Web address'), '/x');
    await waitForAutosave();
    expect(fake.drafts.get(DRAFT)!.state).toMatchObject({ saved: { size: '90' } });
  });

  it('does not lay a draft over an employer changed since that edit began: the form opens on the employer, the draft stays', async () => {
    await fake.bridge.saveDraft({
      id: DRAFT,
      form: 'employer',
      title: 'Globex Intl',
      detail: 'Employer · editing',
      state: { employerId: EMPLOYER, values: { ...STORED, name: 'Globex Intl' }, saved: { ...STORED, size: '90' } } as never,
    });
    await renderForm({ employerId: EMPLOYER });
    expect(textbox('Employer name').value).toBe('Globex');
    expect(screen.queryByText('Resumed from a draft: what you typed earlier is back.')).toBeNull();
    expect(fake.drafts.has(DRAFT)).toBe(true);
  });

  it("keeps an edit's draft with its employer id, and Cancel asks before discarding it", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderForm({ employerId: EMPLOYER });
    expect(textbox('Employer name').value).toBe('Globex');
    await user.type(textbox('Eligible employees'), '0');
    await waitForAutosave();
    const [draft] = [...fake.drafts.values()];
    expect(draft).toMatchObject({ form: 'employer', title: 'Globex', detail: 'Employer · editing', state: { employerId: EMPLOYER, values: { size: '2500' } } });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(fake.drafts.size).toBe(1);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/employers/${EMPLOYER}`));
    expect(fake.drafts.size).toBe(0);
    expect(saveCalls()).toEqual([]);
  });

  it('leaves on Cancel at once, so somewhere the person goes while the draft is being deleted stays', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderForm({ employerId: EMPLOYER });
    await user.type(textbox('Eligible employees'), '0');
    await waitForAutosave();
    let finishDelete = () => {};
    const deleteDraft = fake.bridge.deleteDraft;
    fake.bridge.deleteDraft = (id) => new Promise((resolve) => (finishDelete = () => resolve(deleteDraft(id)))) as ReturnType<typeof deleteDraft>;
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(window.location.hash).toBe(`#/employers/${EMPLOYER}`);
    window.location.hash = '#/drafts';
    await act(async () => finishDelete());
    expect(window.location.hash).toBe('#/drafts');
  });
});
