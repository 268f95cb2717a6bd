// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse } from '../../shared/bridge';
import type { EmployerSummary } from '../../shared/resources/employer';
import { AppShortcuts } from '../app/AppShortcuts';
import { useWorkspace } from '../app/workspace-store';
import { queryClient } from '../data/query-client';
import { FIRST_WINDOW } from '../data/server-state';
import { fakeBridge } from '../test-support/fake-bridge';
import { NO_CRITERIA } from './employer-search';
import { EmployersScreen } from './EmployersScreen';
import { useEmployerList } from './employer-list-store';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

const EAST = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const WEST = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function summary(n: number, fields: Partial<EmployerSummary>): EmployerSummary {
  return {
    id: uuid(n),
    name: `Employer ${n}`,
    url: `https://employer${n}.example`,
    size: '50',
    naics_codes: ['111150'],
    location_states: ['OH'],
    other_filters: [],
    division: n % 2 ? EAST : WEST,
    plan_count: 1,
    expired_plan_count: 0,
    ...fields,
  } as EmployerSummary;
}

const GLOBEX = summary(1, { name: 'Globex Corporation', url: 'https://globex.example', naics_codes: ['541511'], location_states: ['CA', 'DC'] });
const CAFE = summary(2, { name: 'Café Rouge', url: 'https://rouge.example', naics_codes: ['722511'], location_states: ['NY'] });
const INITECH = summary(3, { name: 'Initech', url: 'https://initech.example', naics_codes: ['541512', '518210'], location_states: ['TX'] });
/** In the service's order: by name, ignoring case (as SQLite's NOCASE, ASCII letters only). */
const byName = (a: EmployerSummary, b: EmployerSummary) =>
  a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0;
/** 10,000 employers: the three above among 9,997 that none of the tests' searches match. */
const TEN_THOUSAND = [GLOBEX, CAFE, INITECH, ...Array.from({ length: 9_997 }, (_, i) => summary(i + 4, {}))].sort(byName);

let employers: EmployerSummary[];

/** GET /employers/summaries/ as the service answers it: every row, or with ?limit=&offset= a window of them with the total. */
function summaries(path: string): BridgeResponse | undefined {
  const [route, query] = path.split('?');
  if (route !== '/employers/summaries/') return undefined;
  if (query === undefined) return { status: 200, body: employers };
  const params = new URLSearchParams(query);
  const [limit, offset] = [Number(params.get('limit')), Number(params.get('offset') ?? 0)];
  return { status: 200, body: { count: employers.length, next: null, previous: null, results: employers.slice(offset, offset + limit) } };
}

/** Holds back the answer with every row until the test lets it go. */
function holdEveryRow(): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = fake.bridge.call;
  fake.bridge.call = async (method, path, body) => {
    if (path === '/employers/summaries/') await held;
    return answer(method, path, body);
  };
  return release;
}

beforeAll(() => {
  // jsdom does no layout: the list's scroll box gets the height it would have in the window.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('employer-scroll') ? 520 : 0;
    },
  });
});

beforeEach(() => {
  employers = TEN_THOUSAND;
  fake = fakeBridge((method, path) => (method === 'GET' ? summaries(path) : undefined));
  queryClient.clear();
  useEmployerList.setState({ criteria: NO_CRITERIA, selectedId: undefined, searchRequest: 0 });
  useWorkspace.setState({
    divisions: [
      { id: EAST, name: 'East' },
      { id: WEST, name: 'West' },
    ],
    filters: [],
  });
  window.location.hash = '';
});
afterEach(cleanup);

async function renderList() {
  render(
    <>
      <AppShortcuts />
      <EmployersScreen />
    </>,
  );
  return screen.findByRole('listbox', { name: 'Employers' });
}

const count = () => screen.getByRole('status').textContent;
const optionNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((option) => option.querySelector('strong')!.textContent);

describe('employer list', () => {
  it('counts every employer and renders only the rows in view', async () => {
    const list = await renderList();
    expect(count()).toBe('10,000 employers');
    const rendered = within(list).getAllByRole('option');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(50);
    expect(rendered[0]!.getAttribute('aria-setsize')).toBe('10000');
    expect(rendered[0]!.textContent).toContain('Café Rouge'); // in the service's order, by name: "Café" < "Employer"
  });

  it('shows the first screenful and the count before the rest has arrived, sized for every row', async () => {
    const release = holdEveryRow();
    const list = await renderList();
    expect(count()).toBe('10,000 employers');
    expect(optionNames(list).slice(0, 3)).toEqual(TEN_THOUSAND.slice(0, 3).map((employer) => employer.name));
    expect(within(list).getAllByRole('option')[0]!.getAttribute('aria-setsize')).toBe('10000');
    expect((list.firstElementChild as HTMLElement).style.height).toBe(`${10_000 * 52}px`);
    expect(fake.calls.map((call) => call.path)).toEqual([`/employers/summaries/?limit=${FIRST_WINDOW}`]);
    const section = screen.getByRole('region', { name: 'Employers' });
    expect(section.getAttribute('aria-busy')).toBe('true');

    release();
    await waitFor(() => expect(section.getAttribute('aria-busy')).toBe('false'));
    expect(fake.calls.map((call) => call.path)).toEqual([`/employers/summaries/?limit=${FIRST_WINDOW}`, '/employers/summaries/']);
    expect(count()).toBe('10,000 employers');
    expect(optionNames(list).slice(0, 3)).toEqual(TEN_THOUSAND.slice(0, 3).map((employer) => employer.name));
  });

  it('searches the rows at hand until the rest arrives, says so, then searches every row', async () => {
    const user = userEvent.setup();
    const release = holdEveryRow();
    await renderList();
    await user.type(screen.getByRole('searchbox', { name: 'Search employers' }), 'globex');
    expect(count()).toBe(`0 of the first ${FIRST_WINDOW} of 10,000 employers (the rest are loading)`);

    release();
    await waitFor(() => expect(count()).toBe('1 of 10,000 employers'));
    expect(optionNames(screen.getByRole('listbox', { name: 'Employers' }))).toEqual(['Globex Corporation']);
  });

  it('keeps the first screenful when the rest cannot be loaded, says why and tries again', async () => {
    const user = userEvent.setup();
    const answer = fake.bridge.call;
    let refusals = 1;
    fake.bridge.call = async (method, path, body) =>
      path === '/employers/summaries/' && refusals-- > 0 ? { status: 503, body: { detail: 'The workspace is busy.' } } : answer(method, path, body);
    const list = await renderList();
    expect((await screen.findByRole('alert')).textContent).toBe('The rest of the employers could not be loaded: The workspace is busy. Try again');
    expect(optionNames(list)[0]).toBe(TEN_THOUSAND[0]!.name);

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.type(screen.getByRole('searchbox', { name: 'Search employers' }), 'initech');
    expect(count()).toBe('1 of 10,000 employers');
  });

  it('asks for nothing again when the broker comes back to the list', async () => {
    await renderList();
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    cleanup();
    await renderList();
    expect(count()).toBe('10,000 employers');
    expect(fake.calls).toHaveLength(2);
  });

  it('searches names, web addresses and NAICS codes and titles, ignoring case and accents', async () => {
    const user = userEvent.setup();
    const list = await renderList();
    const search = screen.getByRole('searchbox', { name: 'Search employers' });

    await user.type(search, 'GLOBEX');
    expect(optionNames(list)).toEqual(['Globex Corporation']);
    expect(count()).toBe('1 of 10,000 employers');

    await user.clear(search);
    await user.type(search, 'cafe');
    expect(optionNames(list)).toEqual(['Café Rouge']);

    await user.clear(search);
    await user.type(search, 'initech.example');
    expect(optionNames(list)).toEqual(['Initech']);

    await user.clear(search);
    await user.type(search, 'computer programming'); // 541511's title
    expect(optionNames(list)).toEqual(['Globex Corporation']);

    await user.clear(search);
    await user.type(search, '518210'); // Initech's second code
    expect(optionNames(list)).toEqual(['Initech']);
  });

  it('filters by state, NAICS prefix and division, together with the search', async () => {
    const user = userEvent.setup();
    const list = await renderList();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'NY');
    expect(optionNames(list)).toEqual(['Café Rouge']);
    expect(count()).toBe('1 of 10,000 employers');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '');
    await user.type(screen.getByRole('textbox', { name: 'NAICS starts with' }), '5415');
    expect(optionNames(list)).toEqual(['Globex Corporation', 'Initech']);
    expect(count()).toBe('2 of 10,000 employers');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    expect(optionNames(list)).toEqual(['Initech']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(count()).toBe('10,000 employers');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Division' }), WEST);
    expect(count()).toBe('5,000 of 10,000 employers');
    await user.type(screen.getByRole('searchbox', { name: 'Search employers' }), 'globex');
    expect(count()).toBe('0 of 10,000 employers');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No employers match the search and filters.')).toBeTruthy();
  });

  it('is driven from the keyboard: / searches, ArrowDown enters the list, Enter opens', async () => {
    const user = userEvent.setup();
    const list = await renderList();
    const search = screen.getByRole('searchbox', { name: 'Search employers' });
    list.focus();

    await user.keyboard('/');
    expect(document.activeElement).toBe(search);
    await user.keyboard('54151{ArrowDown}');
    expect(document.activeElement).toBe(list);
    const active = () => document.getElementById(list.getAttribute('aria-activedescendant')!)!;
    expect(active().textContent).toContain('Globex Corporation');
    await user.keyboard('{ArrowDown}');
    expect(active().textContent).toContain('Initech');
    expect(active().getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(window.location.hash).toBe(`#/employers/${INITECH.id}`);
  });

  it('"/" in the search box that has the focus selects what it holds, so the next search replaces it instead of getting a slash', async () => {
    const user = userEvent.setup();
    await renderList();
    const search = screen.getByRole('searchbox', { name: 'Search employers' }) as HTMLInputElement;
    expect(document.activeElement).toBe(search);
    await user.keyboard('54151');
    await user.keyboard('/');
    expect(search.value).toBe('54151');
    expect([search.selectionStart, search.selectionEnd]).toEqual([0, 5]);
    await user.keyboard('initech');
    expect(search.value).toBe('initech');
    expect(count()).toBe('1 of 10,000 employers');
  });

  it('opens a row on click, and Alt+N starts a new employer', async () => {
    const user = userEvent.setup();
    const list = await renderList();
    await user.click(within(list).getByRole('option', { name: /Café Rouge/ }));
    expect(window.location.hash).toBe(`#/employers/${CAFE.id}`);
    await user.keyboard('{Alt>}n{/Alt}');
    expect(window.location.hash).toBe('#/employers/new');
  });

  it('says so when there are no employers yet', async () => {
    employers = [];
    render(<EmployersScreen />);
    expect(await screen.findByRole('heading', { name: 'No employers yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New employer' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
