import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RecordMatch } from '../../../shared/inspector';
import { bridge } from '../../bridge/bridge';
import { hashOf } from '../../app/routes';
import { queryClient } from '../../data/query-client';
import { TextInput } from '../../forms/fields';
import { downloadFiles } from './download';
import { RecordView } from './RecordView';
import '../admin.css';
import { errorText } from '../../api/error-text';

/** Support's inspector: find a record by local or remote id, name, title or e-mail, and see everything about it. */
export function InspectorScreen({ id }: { id?: string | undefined }) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<RecordMatch[] | undefined>(undefined);
  const [exported, setExported] = useState<{ failed: boolean; text: string } | undefined>(undefined);
  const inspection = useQuery({ queryKey: ['inspector', id], queryFn: () => bridge.inspectRecord(id!), enabled: id !== undefined, staleTime: 0 }, queryClient);

  async function find(event: FormEvent) {
    event.preventDefault();
    setMatches(await bridge.findRecords(text.trim()));
  }

  async function exportWorkspace(format: 'json' | 'csv') {
    try {
      setExported({ failed: false, text: downloadFiles(await bridge.exportWorkspace(format), 'plandesk-export-csv.zip') });
    } catch (failure) {
      setExported({ failed: true, text: `The export failed: ${errorText(failure)}` });
    }
  }

  return (
    <section aria-labelledby="inspector-heading" className="admin-screen">
      <h1 id="inspector-heading">Inspector</h1>
      <form onSubmit={(event) => void find(event)} aria-label="Find a record" className="admin-form inline-form">
        <TextInput label="Local id, remote id, name, title or e-mail" type="search" value={text} onChange={setText} required />
        <button type="submit" className="primary">
          Find
        </button>
      </form>
      <div className="actions">
        <button type="button" onClick={() => void exportWorkspace('json')}>
          Export the workspace (JSON)
        </button>
        <button type="button" onClick={() => void exportWorkspace('csv')}>
          Export the workspace (CSV)
        </button>
      </div>
      {exported && <p role={exported.failed ? 'alert' : 'status'}>{exported.text}</p>}
      {matches?.length === 0 && <p role="status">Nothing matches “{text}”.</p>}
      {matches && matches.length > 0 && (
        <ul className="matches" aria-label="Matches">
          {matches.map((match) => (
            <li key={match.id}>
              <a href={hashOf({ name: 'inspector', id: match.id })}>
                {match.entity} {match.label}
              </a>{' '}
              <code>{match.id}</code>
            </li>
          ))}
        </ul>
      )}
      {inspection.error && <p role="alert">The record could not be read: {errorText(inspection.error)}</p>}
      {id && inspection.data === null && <p role="status">No record has the id {id}.</p>}
      {inspection.data && <RecordView inspection={inspection.data} />}
    </section>
  );
}
