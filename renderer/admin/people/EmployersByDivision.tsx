import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Division } from '../../../shared/resources/division';
import type { EmployerSummary } from '../../../shared/resources/employer';
import { counted, countText } from '../../app/counts';
import { ColumnHeads } from '../../app/ColumnHeads';

const ROW_HEIGHT = 36;
const COLUMNS = ['Employer', 'Division'];

interface EmployersByDivisionProps {
  employers: readonly EmployerSummary[];
  divisions: readonly Division[];
  /** Moves the employers to the division; answers what happened, in words. */
  onMove(target: Division, employerIds: string[]): Promise<{ text: string; failed: boolean }>;
}

/**
 * Which division holds each employer, for thousands of them: found by name and narrowed to a
 * division, drawn as the rows on screen, and moved many at once (the ones ticked, or every one
 * found) to another division.
 */
export function EmployersByDivision({ employers, divisions, onMove }: EmployersByDivisionProps) {
  const [text, setText] = useState('');
  const [inDivision, setInDivision] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState(divisions[0]?.id ?? '');
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState<{ text: string; failed: boolean } | undefined>(undefined);
  const scrollRef = useRef<HTMLDivElement>(null);
  const searched = useDeferredValue(text.trim().toLowerCase());
  const names = useMemo(() => new Map(divisions.map((division) => [division.id, division.name])), [divisions]);
  const shown = useMemo(
    () => employers.filter((employer) => (inDivision === '' || employer.division === inDivision) && employer.name.toLowerCase().includes(searched)),
    [employers, inDivision, searched],
  );
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => shown[index]?.id ?? index,
    initialRect: { width: 0, height: ROW_HEIGHT * 12 },
  });
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShownSelected = shown.length > 0 && shown.every((employer) => selected.has(employer.id));
  const destination = divisions.find((division) => division.id === target);

  async function move(event: FormEvent) {
    event.preventDefault();
    if (!destination || selected.size === 0) return;
    setMoving(true);
    try {
      const outcome = await onMove(destination, [...selected]);
      setMoved(outcome);
      if (!outcome.failed) setSelected(new Set());
    } finally {
      setMoving(false);
    }
  }

  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return (
    <div className="employers-by-division">
      <div className="picker-tools" role="search" aria-label="Find employers to move">
        <label className="field">
          <span className="label">Find employers</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Name" />
        </label>
        <label className="field">
          <span className="label">In division</span>
          <select value={inDivision} onChange={(event) => setInDivision(event.target.value)}>
            <option value="">Every division</option>
            {divisions.map((division) => (
              <option key={division.id} value={division.id}>
                {division.name}
              </option>
            ))}
          </select>
        </label>
        <p role="status" className="muted">
          {countText(shown.length)} of {counted(employers.length, 'employer')} shown; {countText(selected.size)} selected
        </p>
      </div>
      <div className="actions">
        <button
          type="button"
          disabled={shown.length === 0 || allShownSelected}
          onClick={() => setSelected(new Set([...selected, ...shown.map((employer) => employer.id)]))}
        >
          Select the {countText(shown.length)} shown
        </button>
        <button type="button" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
          Clear the selection
        </button>
      </div>
      {shown.length === 0 ? (
        <p>No employer {searched ? `named like “${text.trim()}”` : ''} is in this division.</p>
      ) : (
        <div ref={scrollRef} className="picker-scroll" role="region" aria-label={`Employers by division, ${countText(shown.length)} shown`} tabIndex={0}>
          <table className="admin-table" aria-label="Employers by division" aria-rowcount={shown.length + 1}>
            <ColumnHeads names={COLUMNS} />
            <tbody>
              {before > 0 && <Spacer height={before} />}
              {items.map((item) => {
                const employer = shown[item.index]!;
                return (
                  <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2}>
                    <td>
                      <label className="checkbox">
                        <input type="checkbox" checked={selected.has(employer.id)} onChange={(event) => toggle(employer.id, event.target.checked)} />
                        {employer.name}
                      </label>
                    </td>
                    <td>{names.get(employer.division) ?? 'Unknown division'}</td>
                  </tr>
                );
              })}
              {after > 0 && <Spacer height={after} />}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={(event) => void move(event)} aria-label="Move the selected employers" className="admin-form inline-form">
        <label className="field">
          <span className="label">Move the {counted(selected.size, 'selected employer')} to</span>
          <select value={target} onChange={(event) => setTarget(event.target.value)}>
            {divisions.map((division) => (
              <option key={division.id} value={division.id}>
                {division.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary" disabled={selected.size === 0 || moving || !destination}>
          {moving ? 'Moving…' : `Move ${countText(selected.size)} to ${destination?.name ?? '…'}`}
        </button>
      </form>
      {moved && <p role={moved.failed ? 'alert' : 'status'}>{moved.text}</p>}
    </div>
  );
}

/** The height of the rows scrolled out of view, above or below those shown. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className="picker-spacer">
      <td colSpan={COLUMNS.length} style={{ height }} />
    </tr>
  );
}
