import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { SyncQueueRow, SyncQueueState } from '../../shared/bridge';
import { bridge } from '../bridge/bridge';
import { hashOf } from '../app/routes';
import { answerOf, invalidateSync, useQueue } from '../admin/admin-state';
import { ColumnHeads } from '../app/ColumnHeads';
import { AskFirst } from '../app/AskFirst';
import { countText } from '../app/counts';
import { queueName } from './queue-names';

const STATE_WORDS: Record<SyncQueueState, string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  conflict: 'Conflict: needs a decision',
  blocked: 'Waiting on a failed record',
  skipped: 'Skipped',
};

const COLUMNS = ['Kind', 'Record', 'Change', 'State', 'Last attempt', 'Why'];

/** The queue's filters: what is not sent yet first, since a push leaves every sent record listed. */
const FILTERS: { id: string; label: string; keeps(state: SyncQueueState): boolean; none(env: string): string }[] = [
  { id: 'open', label: 'Not sent yet', keeps: (state) => state !== 'sent', none: (env) => `Everything changed here has been sent to ${env}.` },
  { id: 'failed', label: 'Failed', keeps: (state) => state === 'failed', none: (env) => `${env} refused nothing.` },
  { id: 'conflict', label: 'Conflicts', keeps: (state) => state === 'conflict', none: (env) => `No conflict with ${env}.` },
  { id: 'blocked', label: 'Waiting on a failed record', keeps: (state) => state === 'blocked', none: () => 'No record waits on a failed one.' },
  { id: 'skipped', label: 'Skipped', keeps: (state) => state === 'skipped', none: (env) => `No record is skipped for ${env}.` },
  { id: 'sent', label: 'Sent', keeps: (state) => state === 'sent', none: (env) => `Nothing has been sent to ${env} yet.` },
  { id: 'all', label: 'All', keeps: () => true, none: (env) => `Nothing has changed here since the last push to ${env}.` },
];
const ALL = FILTERS.find((candidate) => candidate.id === 'all')!;

/** A row is one line unless its reason wraps; rows are measured as they show. */
const ROW_ESTIMATE = 38;

/** Where a record is fixed: the employer's form (at the refused field's place), or the inspector. */
function fixLink(row: SyncQueueRow): string {
  if (row.entity === 'employer') return hashOf({ name: 'employer-edit', id: row.record });
  return hashOf({ name: 'inspector', id: row.record });
}

/**
 * One row per record with a local change for this environment, built from the workspace (so it
 * survives a reload), filtered by state and virtualised: thousands of sent records take the
 * height of the rows on screen.
 */
export function QueueTable({ env, runs = 0 }: { env: string; runs?: number }) {
  const { data: rows, error } = useQueue(env);
  const [message, setMessage] = useState<{ text: string; runs: number } | undefined>(undefined);
  const [discarding, setDiscarding] = useState<string | undefined>(undefined);
  const [filterId, setFilterId] = useState('open');
  const scrollRef = useRef<HTMLDivElement>(null);
  const filter = FILTERS.find((candidate) => candidate.id === filterId)!;
  const shown = rows?.filter((row) => filter.keeps(row.state)) ?? [];
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
    getItemKey: (index) => shown[index]?.record ?? index,
    // Rows to draw before the list is measured (and where nothing measures, as in a test's DOM).
    initialRect: { width: 0, height: ROW_ESTIMATE * 12 },
  });

  /** Carries out an action on the queue, says what it did (or why it could not), and reads the queue afresh. */
  async function act(action: () => Promise<string>) {
    try {
      setMessage({ text: await action(), runs });
    } catch (failure) {
      setMessage({ text: failure instanceof Error ? failure.message : String(failure), runs });
    }
    await invalidateSync();
  }

  const pushAgain = (row: SyncQueueRow) =>
    act(async () => {
      await answerOf(bridge.syncUnskip(env, row.record));
      return `${queueName(row)} is no longer skipped: it goes to ${env} with the next push, or waits for a decision if it was a conflict.`;
    });

  const retry = (record: string | null) =>
    act(async () => {
      const { retried } = await answerOf<{ retried: number }>(bridge.syncRetry(env, record));
      return `${countText(retried)} failed ${retried === 1 ? 'record goes' : 'records go'} again with the next push to ${env}.`;
    });

  const discard = (row: SyncQueueRow) =>
    act(async () => {
      setDiscarding(undefined);
      const { discarded } = await answerOf<{ discarded: 'removed' | 'reverted' | 'restored' }>(bridge.syncDiscard(env, row.record));
      const what = queueName(row);
      if (discarded === 'removed') return `${what} is undone here: it is removed from this computer, and nothing of it goes to ${env}.`;
      if (discarded === 'reverted') return `${what} is undone here: it has ${env}'s values again.`;
      return `${what} is undone here: it is back, as ${env} has it.`;
    });

  if (error)
    return (
      <p role="alert">
        The queue of {env} could not be read: {error.message}
      </p>
    );
  if (!rows) return <p aria-busy="true">Loading the queue…</p>;
  const failed = rows.filter((row) => row.state === 'failed').length;
  const counts = new Map(FILTERS.map((candidate) => [candidate.id, rows.filter((row) => candidate.keeps(row.state)).length]));
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return (
    <>
      <div className="queue-tools">
        <div className="env-choice" role="radiogroup" aria-label={`Show in the queue of ${env}`}>
          {FILTERS.filter((candidate) => ['open', 'all'].includes(candidate.id) || counts.get(candidate.id)! > 0).map((candidate) => (
            <label key={candidate.id}>
              <input type="radio" name={`queue-filter-${env}`} checked={candidate.id === filterId} onChange={() => setFilterId(candidate.id)} />
              {candidate.label} ({countText(counts.get(candidate.id)!)})
            </label>
          ))}
        </div>
        <button type="button" disabled={failed === 0} onClick={() => void retry(null)}>
          Retry all failed ({countText(failed)})
        </button>
      </div>
      {message && message.runs === runs && <p role="status">{message.text}</p>}
      {rows.length === 0 ? (
        <p>{ALL.none(env)}</p>
      ) : shown.length === 0 ? (
        <p>{filter.none(env)}</p>
      ) : (
        <div ref={scrollRef} className="queue-scroll" role="region" aria-label={`Queue of ${env}, ${countText(shown.length)} records`} tabIndex={0}>
          <table className="queue" aria-label={`Queue of ${env}`} aria-rowcount={shown.length + 1}>
            <ColumnHeads names={COLUMNS} actions />
            <tbody>
              {before > 0 && <Spacer height={before} />}
              {items.map((item) => {
                const row = shown[item.index]!;
                return (
                  <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} data-state={row.state} aria-rowindex={item.index + 2}>
                    <td>{row.entity}</td>
                    <td>
                      <a href={hashOf({ name: 'inspector', id: row.record })}>{queueName(row)}</a>
                    </td>
                    <td>{row.operation}</td>
                    <td>{STATE_WORDS[row.state]}</td>
                    <td>{row.last_attempt_at ? new Date(row.last_attempt_at).toLocaleString() : '—'}</td>
                    <td>
                      {row.reason ?? ''}
                      {row.discardable && (
                        <>
                          {' '}
                          <span className="muted">A retry sends it unchanged; Discard undoes it on this computer.</span>
                        </>
                      )}
                      {row.field && (
                        <>
                          {' '}
                          <a href={fixLink(row)}>Fix {row.field.replace(/_/g, ' ')}</a>
                        </>
                      )}
                    </td>
                    <td>
                      <div className="actions">
                        {row.state === 'failed' && (
                          <button type="button" onClick={() => void retry(row.record)}>
                            Retry <span className="visually-hidden">{queueName(row)}</span>
                          </button>
                        )}
                        {row.discardable && (
                          <AskFirst
                            asking={discarding === row.record}
                            ask={
                              <>
                                Discard… <span className="visually-hidden">{queueName(row)}</span>
                              </>
                            }
                            onAsk={() => setDiscarding(row.record)}
                            confirm={
                              <>
                                Undo it here <span className="visually-hidden">{queueName(row)}</span>
                              </>
                            }
                            onConfirm={() => void discard(row)}
                            onKeep={() => setDiscarding(undefined)}
                          />
                        )}
                        {row.state === 'skipped' && (
                          <button type="button" onClick={() => void pushAgain(row)}>
                            Push again <span className="visually-hidden">{queueName(row)}</span>
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
              {after > 0 && <Spacer height={after} />}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The height of the rows scrolled out of view, above or below those shown. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className="queue-spacer">
      <td colSpan={COLUMNS.length + 1} style={{ height }} />
    </tr>
  );
}
