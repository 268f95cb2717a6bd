import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { ImportedRow, ImportError, RowStatus } from '../../shared/import-table';
import { problemListsByRow } from './rejected-rows';

/** A row of one line; a row whose problems or cells wrap is measured once drawn (only the rows in view are). */
const ROW_HEIGHT = 34;
/** The columns share the screen's width and wrap their text, never narrower than these (then the grid scrolls sideways). */
const LEAD_WIDTH = 120;
const PROBLEMS_WIDTH = 200;
const CELL_WIDTH = 96;

const STATUS_TEXT: Record<RowStatus, string> = {
  create: 'Will be created',
  created: 'Created',
  skipped: 'Already there',
  rejected: 'Has errors',
};

interface RowsGridProps {
  label: string;
  headers: readonly string[];
  rows: readonly ImportedRow[];
  errors: readonly ImportError[];
}

/** Every row of the sheet with its outcome; a cell with an error is marked and says why (as its title and to screen readers). */
export function RowsGrid({ label, headers, rows, errors }: RowsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const cellErrors = useMemo(() => errorsByCell(errors), [errors]);
  const problems = useMemo(() => problemListsByRow(errors), [errors]);
  const minWidth = LEAD_WIDTH + PROBLEMS_WIDTH + headers.length * CELL_WIDTH;
  const template = `minmax(${LEAD_WIDTH}px, 1fr) minmax(${PROBLEMS_WIDTH}px, 2.5fr) repeat(${headers.length}, minmax(${CELL_WIDTH}px, 1fr))`;
  return (
    <div ref={scrollRef} className="rows-grid" role="table" aria-label={label} aria-rowcount={rows.length + 1} tabIndex={0}>
      <div role="row" className="rows-grid-row rows-grid-head" style={{ minWidth, gridTemplateColumns: template }} aria-rowindex={1}>
        <span role="columnheader">Row</span>
        <span role="columnheader">Problems</span>
        {headers.map((header, index) => (
          <span role="columnheader" key={index} title={header}>
            {header}
          </span>
        ))}
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), minWidth, position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const rowErrors = cellErrors.get(row.row);
          return (
            <div
              role="row"
              key={row.row}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-rowindex={item.index + 2}
              className={`rows-grid-row status-${row.status}`}
              style={{ minWidth, gridTemplateColumns: template, transform: `translateY(${item.start}px)` }}
            >
              <span role="rowheader">
                {row.row} · {STATUS_TEXT[row.status]}
              </span>
              <span role="cell" className="cell-problems">
                {problems.get(row.row)?.map((problem) => (
                  <span key={problem} className="cell-problem">
                    {problem}
                  </span>
                )) ?? row.note}
              </span>
              {headers.map((header, index) => {
                const messages = header === '' ? undefined : rowErrors?.get(header);
                return (
                  <span
                    role="cell"
                    key={index}
                    className={messages ? 'cell-error' : undefined}
                    title={messages?.join(' ')}
                    aria-invalid={messages ? true : undefined}
                  >
                    {row.cells[index]}
                    {messages && <span className="visually-hidden"> ({messages.join(' ')})</span>}
                  </span>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Row → column → messages (errors of a field without a column are only in the Problems cell). */
function errorsByCell(errors: readonly ImportError[]): Map<number, Map<string, string[]>> {
  const byRow = new Map<number, Map<string, string[]>>();
  for (const error of errors) {
    const columns = byRow.get(error.row) ?? new Map<string, string[]>();
    columns.set(error.column, [...(columns.get(error.column) ?? []), error.message]);
    byRow.set(error.row, columns);
  }
  return byRow;
}
