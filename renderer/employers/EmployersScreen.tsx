import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { EmployerSummary } from '../../shared/resources/employer';
import { US_STATES } from '../../shared/resources/us-states';
import { navigate } from '../app/routes';
import { useWorkspace } from '../app/workspace-store';
import { useEmployerSummaries } from '../data/server-state';
import { useProvenance } from '../data/provenance';
import { filterEmployers, indexEmployers, isFiltering, NO_CRITERIA } from './employer-search';
import { EmployerList } from './EmployerList';
import { useNaics } from './naics-on-demand';
import { useEmployerList } from './employer-list-store';
import './employers.css';
import { errorText } from '../api/error-text';

const count = new Intl.NumberFormat('en-US');
const employersText = (n: number) => `${count.format(n)} employer${n === 1 ? '' : 's'}`;

/** What the status line says: how many employers, how many match, and whether a search saw them all yet. */
function countText(matches: number, loaded: number, total: number, filtering: boolean, complete: boolean): string {
  if (!filtering) return employersText(total);
  if (complete) return `${count.format(matches)} of ${employersText(total)}`;
  return `${count.format(matches)} of the first ${count.format(loaded)} of ${employersText(total)} (the rest are loading)`;
}

/** Every employer, searchable and filterable as you type; the start of a broker's day. */
export function EmployersScreen() {
  const { rows: summaries, total, complete, error: loadError, retry } = useEmployerSummaries();
  const { criteria, selectedId, searchRequest, setCriteria, select } = useEmployerList();
  const divisions = useWorkspace((state) => state.divisions);
  const searchRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;

  const naics = useNaics();
  const index = useMemo(() => indexEmployers(summaries ?? [], naics?.naicsTitle), [summaries, naics]);
  const rows = useMemo(() => filterEmployers(index, criteria), [index, criteria]);
  const allIds = useMemo(() => (summaries ?? []).map((summary) => summary.id), [summaries]);
  // Once every page is in: one read per thousand employers, not one per page as they arrive.
  const { data: provenance } = useProvenance(complete ? allIds : []);
  const selectedIndex = selectedId === undefined ? -1 : rows.findIndex((row) => row.id === selectedId);
  const activeIndex = selectedIndex >= 0 ? selectedIndex : rows.length > 0 ? 0 : -1;

  const open = (employer: EmployerSummary) => {
    select(employer.id);
    navigate({ name: 'employer', id: employer.id });
  };

  // "/" (a Shell shortcut, from any screen) lands in the search box.
  useEffect(() => {
    if (searchRequest === 0) return;
    searchRef.current?.focus();
    searchRef.current?.select();
  }, [searchRequest]);

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && rows.length > 0) {
      event.preventDefault();
      select(rows[activeIndex]!.id);
      document.getElementById(listId)?.focus();
    } else if (event.key === 'Enter' && rows[activeIndex]) {
      event.preventDefault();
      open(rows[activeIndex]);
    } else if (event.key === 'Escape' && criteria.query) {
      event.preventDefault();
      setCriteria({ query: '' });
    }
  }

  if (loadError && !summaries) {
    return (
      <section aria-labelledby={`${id}-heading`}>
        <h1 id={`${id}-heading`}>Employers</h1>
        <p role="alert">The employers could not be loaded: {errorText(loadError)}</p>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </section>
    );
  }

  return (
    <section className="employers" aria-labelledby={`${id}-heading`} aria-busy={!complete && !loadError}>
      <div className="employers-top">
        <h1 id={`${id}-heading`}>Employers</h1>
        <div className="actions">
          <button type="button" onClick={() => navigate({ name: 'import', kind: 'employers' })}>
            Import…
          </button>
          <button type="button" className="primary" aria-keyshortcuts="Alt+N" title="New employer (Alt+N)" onClick={() => navigate({ name: 'employer-new' })}>
            New employer
          </button>
        </div>
      </div>
      {summaries === undefined && <p className="muted">Loading employers…</p>}
      {summaries?.length === 0 && (
        <div className="empty-state">
          <h2>No employers yet</h2>
          <p>Start with the employer whose plans you are entering (New employer, or Alt+N); its plans come next.</p>
        </div>
      )}
      {summaries && summaries.length > 0 && (
        <>
          <div className="employer-filters" role="search" aria-label="Find employers">
            <label className="filter filter-search">
              <span>Search employers</span>
              <input
                ref={searchRef}
                type="search"
                value={criteria.query}
                placeholder="Name, web address, NAICS code or title — press / to search"
                aria-keyshortcuts="/"
                aria-controls={listId}
                autoFocus
                onChange={(event) => setCriteria({ query: event.target.value })}
                onKeyDown={onSearchKeyDown}
              />
            </label>
            <label className="filter">
              <span>State</span>
              <select value={criteria.state} onChange={(event) => setCriteria({ state: event.target.value })}>
                <option value="">All states</option>
                {Object.entries(US_STATES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {code} — {name}
                  </option>
                ))}
              </select>
            </label>
            <label className="filter filter-naics">
              <span>NAICS starts with</span>
              <input
                type="text"
                inputMode="numeric"
                value={criteria.naics}
                placeholder="e.g. 54 or 5415"
                onChange={(event) => setCriteria({ naics: event.target.value.replace(/\D/g, '').slice(0, 6) })}
              />
            </label>
            <label className="filter">
              <span>Division</span>
              <select value={criteria.division} onChange={(event) => setCriteria({ division: event.target.value })}>
                <option value="">All divisions</option>
                {divisions.map((division) => (
                  <option key={division.id} value={division.id}>
                    {division.name}
                  </option>
                ))}
              </select>
            </label>
            {isFiltering(criteria) && (
              <button type="button" className="filter-clear" onClick={() => setCriteria(NO_CRITERIA)}>
                Clear filters
              </button>
            )}
          </div>
          <p className="employer-count" role="status">
            {countText(rows.length, summaries.length, total ?? summaries.length, isFiltering(criteria), complete)}
          </p>
          {loadError && (
            <p role="alert">
              The rest of the employers could not be loaded: {errorText(loadError)}{' '}
              <button type="button" onClick={retry}>
                Try again
              </button>
            </p>
          )}
          {rows.length > 0 ? (
            <EmployerList
              id={listId}
              rows={rows}
              size={isFiltering(criteria) ? rows.length : (total ?? rows.length)}
              activeIndex={activeIndex}
              divisions={divisions}
              provenance={provenance}
              onActivate={(index) => select(rows[index]?.id)}
              onOpen={open}
              onLeaveTop={() => searchRef.current?.focus()}
            />
          ) : (
            <p className="empty-state">No employers match the search and filters.</p>
          )}
        </>
      )}
    </section>
  );
}
