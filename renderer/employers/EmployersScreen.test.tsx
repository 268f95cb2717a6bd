// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmployerSummary } from '../../shared/resources/employer';
import { AppShortcuts } from '../app/AppShortcuts';
import { useWorkspace } from '../app/workspace-store';
import { queryClient } from '../data/query-client';
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
    id: uuid(n), name: `Employer ${n}`, url: `https://employer${n}.example`, size: '50', naics_codes: ['111150'],
    location_states: ['OH'], other_filters: [], division: n % 2 ? EAST : WEST, plan_count: 1, expired_plan_count: 0, ...fields,
  } as EmployerSummary;
}

const GLOBEX = summary(1, { name: 'Globex Corporation', url: 'https://globex.example', naics_codes: ['541511'], location_states: ['CA', 'DC'] });
const CAFE = summary(2, { name: 'Café Rouge', url: 'https://rouge.example', naics_codes: ['722511'], location_states: ['NY'] });
const INITECH = summary(3, { name: 'Initech', url: 'https://initech.example', naics_codes: ['541512', '518210'], location_states: ['TX'] });
/** 10,000 employers: the three above among 9,997 that none of the tests' searches match. */
const TEN_THOUSAND = [GLOBEX, CAFE, INITECH, ...Array.from({ length: 9_997 }, (_, i) => summary(i + 4, {}))];

let employers: EmployerSummary[];

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
  fake = fakeBridge((method, path) => (method === 'GET' && path === '/employers/summaries/' ? { status: 200, body: employers } : undefined));
  queryClient.clear();
  useEmployerList.setState({ criteria: NO_CRITERIA, selectedId: undefined, searchRequest: 0 });
  useWorkspace.setState({ divisions: [{ id: EAST, name: 'East' }, { id: WEST, name: 'West' }], filters: [] });
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
const optionNames = (list: HTMLElement) => within(list).queryAllByRole('option').map((option) => option.querySelector('strong')!.textContent);

describe('employer list', () => {
  it('counts every employer and renders only the rows in view', async () => {
    const list = await renderList();
    expect(count()).toBe('10,000 employers');
    const rendered = within(list).getAllByRole('option');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(50);
    expect(rendered[0]!.getAttribute('aria-setsize')).toBe('10000');
    expect(rendered[0]!.textContent).toContain('Café Rouge'); // by name, accents ignored: "Cafe" < "Employer"
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
