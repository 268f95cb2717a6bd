import { useState, type FormEvent } from 'react';
import type { RemoteCandidate, SyncConflict, SyncDecision } from '../../shared/bridge';
import { bridge } from '../bridge/bridge';
import { TextInput } from '../forms/fields';
import { answerOf, invalidateSync } from '../admin/admin-state';
import { ColumnHeads } from '../app/ColumnHeads';
import { capitalised } from '../../shared/capitalised';
import { fieldLabel } from '../../shared/field-labels';

/** A value as a person reads it: a list as its items ("CA, NV", "none"), nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(shown).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Searches the remote's list for the record to link to, and picks one by its id. */
function LinkPicker({ env, conflict, onPick }: { env: string; conflict: SyncConflict; onPick(remoteId: string): void }) {
  const [text, setText] = useState(conflict.entity === 'plan' ? '' : conflict.name);
  const [found, setFound] = useState<RemoteCandidate[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  async function search(event: FormEvent) {
    event.preventDefault();
    try {
      setFound(await answerOf<RemoteCandidate[]>(bridge.remoteCandidates(env, conflict.record, text)));
      setError(undefined);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }
  return (
    <form onSubmit={(event) => void search(event)} aria-label={`Find the ${conflict.entity} on ${env} to link ${conflict.name} to`} className="link-picker">
      <TextInput label={`Search ${env}`} type="search" value={text} onChange={setText} />
      <button type="submit">Search {env}</button>
      {error && <p role="alert">{error}</p>}
      {found?.length === 0 && <p>Nothing on {env} matches.</p>}
      {found && found.length > 0 && (
        <ul className="candidates">
          {found.map((candidate) => (
            <li key={candidate.id}>
              <button type="button" onClick={() => onPick(candidate.id)}>
                Link to {candidate.label}
              </button>{' '}
              <code>{candidate.id}</code>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

/** A decision said back, with what happens next. */
function decided(env: string, conflict: SyncConflict, decision: SyncDecision): string {
  const { name } = conflict;
  switch (decision.kind) {
    case 'keep-local':
      return conflict.deleted_here
        ? `${name} stays deleted; the next push to ${env} deletes it there.`
        : `${name}: this computer's values are kept; the next push to ${env} sends them.`;
    case 'take-remote':
      return conflict.deleted_here ? `${name} is back, with ${env}'s values.` : `${name} now has ${env}'s values.`;
    case 'link':
      return `${name} is linked to the record on ${env}; the next push to ${env} sends this computer's values.`;
    case 'skip':
      return `${name} is skipped for ${env}; it is never pushed there.`;
  }
}

/** One conflict: both sides' differing values side by side, and the decisions that apply (a record deleted here cannot be linked). */
export function ConflictCard({ env, conflict, onDecided }: { env: string; conflict: SyncConflict; onDecided(text: string): void }) {
  const [linking, setLinking] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const fields = Object.entries(conflict.differences);

  async function decide(decision: SyncDecision) {
    try {
      await answerOf(bridge.syncResolve(env, conflict.record, decision));
      setError(undefined);
      onDecided(decided(env, conflict, decision));
      await invalidateSync();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  const headingId = `conflict-${conflict.record}`;
  return (
    <article className="conflict" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {capitalised(conflict.entity)} {conflict.name}
      </h3>
      <p>{conflict.reason}</p>
      {fields.length > 0 ? (
        <table className="differences">
          <caption className="visually-hidden">Fields that differ between here and {env}</caption>
          <ColumnHeads names={['Field', 'Here', `On ${env}`]} />
          <tbody>
            {fields.map(([field, values]) => (
              <tr key={field}>
                <th scope="row">
                  <mark>{fieldLabel(conflict.entity, conflict.kind, field)}</mark>
                </th>
                <td>{shown(values.local)}</td>
                <td>{shown(values.remote)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">
          {conflict.remote_id ? `No field of it differs from the copy on ${env}, or that copy could not be read.` : `${env} has no known copy of it.`}
        </p>
      )}
      <div className="actions" role="group" aria-label={`Decide ${conflict.name}`}>
        <button type="button" disabled={conflict.remote_id === null} onClick={() => void decide({ kind: 'keep-local' })}>
          {conflict.deleted_here ? `Keep it deleted` : `Keep this computer's`}
        </button>
        <button type="button" disabled={conflict.remote_id === null} onClick={() => void decide({ kind: 'take-remote' })}>
          {conflict.deleted_here ? `Bring back ${env}'s` : `Take ${env}'s`}
        </button>
        {!conflict.deleted_here && (
          <button type="button" aria-expanded={linking} onClick={() => setLinking(!linking)}>
            Link to a record on {env}…
          </button>
        )}
        <button type="button" onClick={() => void decide({ kind: 'skip' })}>
          Skip for {env}
        </button>
      </div>
      {linking && <LinkPicker env={env} conflict={conflict} onPick={(remoteId) => void decide({ kind: 'link', remoteId })} />}
      {error && <p role="alert">{error}</p>}
    </article>
  );
}
