import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { EmployerSummary } from '../../shared/resources/employer';
import type { Provenance } from '../../shared/bridge';
import type { Named } from '../app/workspace-store';
import { provenanceText } from '../data/provenance';
import { useNaics, type NaicsTitle } from './naics-on-demand';

/** Rows have one fixed height: no measuring, so 10,000 rows scroll without layout work. */
const ROW_HEIGHT = 52;
const MAX_STATES_SHOWN = 5;

interface EmployerListProps {
  /** The listbox's id: the search box controls it and focuses it by id. */
  id: string;
  rows: readonly EmployerSummary[];
  /** How many rows the list has in all: rows not yet in `rows` show as loading, so the scroll bar is right from the start. */
  size: number;
  activeIndex: number;
  divisions: readonly Named[];
  /** Where pulled employers came from, by id. */
  provenance: ReadonlyMap<string, Provenance> | undefined;
  onActivate(index: number): void;
  onOpen(employer: EmployerSummary): void;
  /** ArrowUp on the first row, or typing: back to the search box. */
  onLeaveTop(): void;
}

/** The employers as a listbox: one active row (aria-activedescendant), Enter or click opens it. */
export function EmployerList(props: EmployerListProps) {
  const { rows, activeIndex, onActivate } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const naicsTitle = useNaics()?.naicsTitle;
  const virtualizer = useVirtualizer({
    count: props.size,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index]?.id ?? `loading-${index}`,
  });

  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex);
  }, [activeIndex, virtualizer]);

  const rowsPerPage = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
  const optionId = (index: number) => `${props.id}-row-${index}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const last = rows.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      onActivate(Math.max(0, Math.min(last, index)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        if (activeIndex <= 0) {
          event.preventDefault();
          return props.onLeaveTop();
        }
        return move(activeIndex - 1);
      case 'PageDown':
        return move(activeIndex + rowsPerPage);
      case 'PageUp':
        return move(activeIndex - rowsPerPage);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter': {
        event.preventDefault();
        const row = rows[activeIndex];
        if (row) props.onOpen(row);
        return;
      }
      default:
        // Typing in the list types into the search box, where the keystroke then lands.
        if (event.key.length === 1 && event.key !== ' ' && event.key !== '/') props.onLeaveTop();
    }
  }

  const divisionNames = new Map(props.divisions.map((division) => [division.id, division.name]));
  return (
    <div className="employer-table">
      <div className="employer-row employer-head" aria-hidden="true">
        <span>Employer</span>
        <span>States</span>
        <span>NAICS</span>
        <span>Division</span>
        <span>Plans</span>
      </div>
      <div
        ref={scrollRef}
        id={props.id}
        className="employer-scroll"
        role="listbox"
        aria-label="Employers"
        tabIndex={0}
        aria-activedescendant={rows[activeIndex] ? optionId(activeIndex) : undefined}
        onKeyDown={onKeyDown}
      >
        <div role="presentation" className="employer-rows" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const employer = rows[item.index];
            const place = { height: ROW_HEIGHT, transform: `translateY(${item.start}px)` };
            if (!employer) {
              return (
                <div
                  key={item.key}
                  role="option"
                  aria-selected={false}
                  aria-disabled="true"
                  aria-busy="true"
                  aria-setsize={props.size}
                  aria-posinset={item.index + 1}
                  className="employer-row employer-row-loading"
                  style={place}
                >
                  <span className="cell muted">Loading…</span>
                </div>
              );
            }
            return (
              <div
                key={item.key}
                id={optionId(item.index)}
                role="option"
                aria-selected={item.index === activeIndex}
                aria-setsize={props.size}
                aria-posinset={item.index + 1}
                className="employer-row"
                style={place}
                onClick={() => props.onOpen(employer)}
              >
                <EmployerCells
                  employer={employer}
                  divisionName={divisionNames.get(employer.division) ?? 'Unknown division'}
                  naicsTitle={naicsTitle}
                  provenance={props.provenance?.get(employer.id)}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function EmployerCells({
  employer,
  divisionName,
  naicsTitle,
  provenance,
}: {
  employer: EmployerSummary;
  divisionName: string;
  naicsTitle: NaicsTitle | undefined;
  provenance: Provenance | undefined;
}) {
  const states = employer.location_states;
  const shownStates =
    states.length > MAX_STATES_SHOWN ? `${states.slice(0, MAX_STATES_SHOWN).join(', ')} +${states.length - MAX_STATES_SHOWN}` : states.join(', ');
  const firstTitle = employer.naics_codes[0] ? naicsTitle?.(employer.naics_codes[0]) : undefined;
  return (
    <>
      <span className="cell cell-name">
        <strong>{employer.name}</strong>
        <span className="muted">
          {employer.url}
          {provenance && ` · ${provenanceText(provenance)}`}
        </span>
      </span>
      <span className="cell" title={states.join(', ')}>
        {shownStates || <span className="muted">No states</span>}
      </span>
      <span className="cell cell-naics" title={employer.naics_codes.map((code) => `${code} ${naicsTitle?.(code) ?? ''}`.trim()).join('\n')}>
        <span>{employer.naics_codes.join(', ') || <span className="muted">None</span>}</span>
        {firstTitle && <span className="muted">{firstTitle}</span>}
      </span>
      <span className="cell">{divisionName}</span>
      <span className="cell cell-plans">
        {employer.plan_count} active
        <span className="muted"> · {employer.expired_plan_count} expired</span>
      </span>
    </>
  );
}
