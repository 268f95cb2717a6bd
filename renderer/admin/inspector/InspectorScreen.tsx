import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RecordSearch } from '../../../shared/inspector';
import { bridge } from '../../bridge/bridge';
import { queryClient } from '../../data/query-client';
import { TextInput } from '../../forms/fields';
import { downloadFiles } from './download';
import { MatchesTable } from './MatchesTable';
import { RecordView } from './RecordView';
import '../admin.css';
import { errorText } from '../../api/error-text';
import { countText } from '../../app/counts';

/** What the last search found, in words: how many, and how to narrow a search that found more than is shown. */
function foundText(text: string, found: RecordSearch): string {
  if (found.total === 0) return `Nothing matches “${text}”.`;
  if (found.matches.length >= found.total) return `${countText(found.total)} ${found.total === 1 ? 'record matches' : 'records match'} “${text}”.`;
  return (
    `${countText(found.total)} records match “${text}”; the first ${countText(found.matches.length)} are shown. ` +
    'Narrow it with more of the name, or find a plan by its employer and title as “employer / title” (e.g. Globex / Dental DPPO 2026).'
  );
}

/** Support's inspector: find a record by local or remote id, name, title or e-mail, and see everything about it. */
export function InspectorScreen({ id }: { id?: string | undefined }) {
  const [text, setText] = useState('');
  // The last search, said in the words it was made with until another is made or the text changes.
  const [searched, setSearched] = useState<{ text: string; found: RecordSearch } | undefined>(undefined);
  // One notice for exports: the latest says what was saved (or why not).
  const [exported, setExported] = useState<{ failed: boolean; text: string } | undefined>(undefined);
  const inspection = useQuery({ queryKey: ['inspector', id], queryFn: () => bridge.inspectRecord(id!), enabled: id !== undefined, staleTime: 0 }, queryClient);

  async function find(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    setExported(undefined);
    setSearched({ text: query, found: await bridge.findRecords(query) });
  }

  async function exportWorkspace(format: 'json' | 'csv') {
    try {
      setExported({ failed: false, text: downloadFiles(await bridge.exportWorkspace(format), 'plandesk-export-csv.zip') });
    } catch (failure) {
      setExported({ failed: true, text: `The export failed: ${errorText(failure)}` });
    }
  }

  const current = searched && searched.text === text.trim() ? searched : undefined;
  return (
    <section aria-labelledby="inspector-heading" className="admin-screen">
      <h1 id="inspector-heading">Inspector</h1>
      <form onSubmit={(event) => void find(event)} aria-label="Find a record" className="admin-form inline-form">
        <TextInput
          label="Local id, remote id, name, title or e-mail"
          type="search"
          value={text}
          onChange={setText}
          help="A plan by its employer and title: employer / title, e.g. Globex / Dental DPPO 2026."
          required
        />
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
      {current && (
        <p role="status" className={current.found.matches.length < current.found.total ? 'warning' : undefined}>
          {foundText(current.text, current.found)}
        </p>
      )}
      {current && current.found.matches.length > 0 && <MatchesTable matches={current.found.matches} />}
      {inspection.error && <p role="alert">The record could not be read: {errorText(inspection.error)}</p>}
      {id && inspection.data === null && <p role="status">No record has the id {id}.</p>}
      {inspection.data && <RecordView inspection={inspection.data} onExported={(saved) => setExported({ failed: false, text: saved })} />}
    </section>
  );
}
