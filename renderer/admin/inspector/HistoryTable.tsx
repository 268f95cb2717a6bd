import type { DecisionEntry, HistoryEntry } from '../../../shared/inspector';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ColumnHeads } from '../../app/ColumnHeads';
import { useWorkspace, type Named } from '../../app/workspace-store';
import { queryClient } from '../../data/query-client';

/** The fields whose values are division ids, shown by the divisions' names. */
const DIVISION_FIELDS = new Set(['division', 'division_ids']);

function shown(field: string, value: unknown, divisions: readonly Named[]): string {
  if (value === null || value === undefined) return '—';
  if (DIVISION_FIELDS.has(field)) {
    const named = (id: unknown) => divisions.find((division) => division.id === id)?.name ?? `a division no longer there (${String(id)})`;
    return Array.isArray(value) ? (value.length === 0 ? 'none' : value.map(named).join(', ')) : named(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Every local change of the record and every sync decision on it, newest first: when, who, what, and each field before and after. */
const DECISIONS: Record<DecisionEntry['decision'], string> = {
  'keep-local': "kept this computer's values",
  'take-remote': 'took the values of',
  link: 'linked to a record of',
  skip: 'skipped',
  unskip: 'no longer skipped',
};

export function HistoryTable({ history }: { history: (HistoryEntry | DecisionEntry)[] }) {
  // Read afresh: a division made or renamed since the window opened is named too.
  const known = useWorkspace((state) => state.divisions);
  const { data: divisions = known } = useQuery(
    {
      queryKey: ['inspector', 'division-names'],
      queryFn: async () => {
        const list = await api.get<Named[]>('/divisions/list/');
        return list.ok ? list.body : known;
      },
      staleTime: 0,
    },
    queryClient,
  );
  if (history.length === 0) return <p>No change recorded.</p>;
  return (
    <table className="admin-table history" aria-label="History">
      <ColumnHeads names={['When', 'Who', 'Change', 'Fields: before → after']} />
      <tbody>
        {[...history].reverse().map((entry, index) => (
          <tr key={`${entry.at}-${index}`}>
            <td>{new Date(entry.at).toLocaleString()}</td>
            <td>{entry.user}</td>
            {entry.op === 'decision' ? (
              <>
                <td>{entry.decision === 'unskip' ? 'skip taken back' : 'conflict decided'}</td>
                <td>
                  {entry.decision === 'skip' || entry.decision === 'unskip' || entry.decision === 'keep-local'
                    ? `${DECISIONS[entry.decision]} for ${entry.env}`
                    : `${DECISIONS[entry.decision]} ${entry.env}`}
                  {entry.remote_id ? ` (remote id ${entry.remote_id})` : ''}
                </td>
              </>
            ) : (
              <>
                <td>{entry.pulled_from ? `${entry.op}, pulled from ${entry.pulled_from}` : entry.op}</td>
                <td>
                  <ul className="changes">
                    {Object.entries(entry.changes).map(([field, [before, after]]) => (
                      <li key={field}>
                        <strong>{field.replace(/_/g, ' ')}</strong>: {shown(field, before, divisions)} → {shown(field, after, divisions)}
                      </li>
                    ))}
                  </ul>
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
