import { useEffect, useState } from 'react';
import type { BridgeResponse } from '../shared/bridge';

interface NamedRow {
  id: string;
  name: string;
}

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'done'; response: BridgeResponse };

/** Accepts a plain array or a DRF page (`{ results: [...] }`). */
function rowsOf(body: unknown): NamedRow[] {
  const list = Array.isArray(body) ? body : (body as { results?: unknown } | null)?.results;
  return Array.isArray(list) ? (list as NamedRow[]) : [];
}

function detailOf(body: unknown): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : JSON.stringify(body);
}

// Placeholder screen until the real ones land: proves the window → bridge → router path works.
export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    window.plandesk.call('GET', '/divisions/list/').then(
      (response) => live && setState({ kind: 'done', response }),
      (error: unknown) => live && setState({ kind: 'failed', message: String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <main>
      <h1>PlanDesk</h1>
      <h2>Divisions</h2>
      {state.kind === 'loading' && <p>Loading…</p>}
      {state.kind === 'failed' && <p role="alert">Could not reach the service: {state.message}</p>}
      {state.kind === 'done' && state.response.status >= 400 && (
        <p role="alert">
          Error {state.response.status}: {detailOf(state.response.body)}
        </p>
      )}
      {state.kind === 'done' && state.response.status < 400 && <DivisionList rows={rowsOf(state.response.body)} />}
    </main>
  );
}

function DivisionList({ rows }: { rows: NamedRow[] }) {
  if (rows.length === 0) return <p>No divisions yet.</p>;
  return (
    <ul>
      {rows.map((row) => (
        <li key={row.id}>{row.name}</li>
      ))}
    </ul>
  );
}
