import { useState } from 'react';
import type { SyncQueueRow, SyncQueueState } from '../../shared/bridge';
import { bridge } from '../bridge/bridge';
import { hashOf } from '../app/routes';
import { answerOf, invalidateSync, useQueue } from '../admin/admin-state';
import { ColumnHeads } from '../app/ColumnHeads';

const STATE_WORDS: Record<SyncQueueState, string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  conflict: 'Conflict: needs a decision',
  blocked: 'Waiting on a failed record',
  skipped: 'Skipped',
};

/** Where a record is fixed: the employer's form (at the refused field's place), or the inspector. */
function fixLink(row: SyncQueueRow): string {
  if (row.entity === 'employer') return hashOf({ name: 'employer-edit', id: row.record });
  return hashOf({ name: 'inspector', id: row.record });
}

/** One row per record with a local change for this environment, built from the workspace, so it survives a reload. */
export function QueueTable({ env }: { env: string }) {
  const { data: rows, error } = useQueue(env);
  const [message, setMessage] = useState<string | undefined>(undefined);

  async function retry(record: string | null) {
    try {
      const { retried } = await answerOf<{ retried: number }>(bridge.syncRetry(env, record));
      setMessage(`${retried} failed ${retried === 1 ? 'record goes' : 'records go'} again with the next push to ${env}.`);
    } catch (failure) {
      setMessage(failure instanceof Error ? failure.message : String(failure));
    }
    await invalidateSync();
  }

  if (error) return <p role="alert">The queue of {env} could not be read: {error.message}</p>;
  if (!rows) return <p aria-busy="true">Loading the queue…</p>;
  const failed = rows.filter((row) => row.state === 'failed').length;
  return (
    <>
      <div className="actions">
        <button type="button" disabled={failed === 0} onClick={() => void retry(null)}>
          Retry all failed ({failed})
        </button>
      </div>
      {message && <p role="status">{message}</p>}
      {rows.length === 0 ? (
        <p>Nothing has changed here since the last push to {env}.</p>
      ) : (
        <table className="queue" aria-label={`Queue of ${env}`}>
          <ColumnHeads names={['Kind', 'Record', 'Change', 'State', 'Last attempt', 'Why']} actions />
          <tbody>
            {rows.map((row) => (
              <tr key={row.record} data-state={row.state}>
                <td>{row.entity}</td>
                <td>
                  <a href={hashOf({ name: 'inspector', id: row.record })}>{row.name}</a>
                </td>
                <td>{row.operation}</td>
                <td>{STATE_WORDS[row.state]}</td>
                <td>{row.last_attempt_at ? new Date(row.last_attempt_at).toLocaleString() : '—'}</td>
                <td>
                  {row.reason ?? ''}
                  {row.field && (
                    <>
                      {' '}
                      <a href={fixLink(row)}>Fix {row.field.replace(/_/g, ' ')}</a>
                    </>
                  )}
                </td>
                <td>
                  {row.state === 'failed' && (
                    <button type="button" onClick={() => void retry(row.record)}>
                      Retry <span className="visually-hidden">{row.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
