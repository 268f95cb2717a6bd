import { useState } from 'react';
import type { EnvironmentInfo } from '../../shared/bridge';
import { bridge } from '../bridge/bridge';
import { useEnvironments } from '../data/server-state';
import { answerOf, invalidateSync, testConnectionNow } from '../admin/admin-state';
import { ConflictsPanel } from './ConflictsPanel';
import { ConnectionStatus } from './ConnectionStatus';
import { EnvironmentForm } from './EnvironmentForm';
import { PushPanel } from './PushPanel';
import { usePush } from './push';
import { QueueTable } from './QueueTable';
import './sync.css';
import { ColumnHeads } from '../app/ColumnHeads';
import { AskFirst } from '../app/AskFirst';

/** The sync center: environments, their connection, pushing, each environment's queue and conflicts. */
export function SyncScreen() {
  const { data: environments, error: environmentsError } = useEnvironments();
  const push = usePush();
  const [editing, setEditing] = useState<EnvironmentInfo | undefined>(undefined);
  const [removing, setRemoving] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const shown = environments?.find((env) => env.name === chosen) ?? environments?.[0];

  async function remove(name: string) {
    setRemoving(undefined);
    try {
      await answerOf(bridge.removeEnvironment(name));
      setMessage(`${name} was removed. Its records stay on this computer.`);
    } catch (failure) {
      setMessage(failure instanceof Error ? failure.message : String(failure));
    }
    await invalidateSync();
  }

  return (
    <section aria-labelledby="sync-heading" className="sync-screen">
      <h1 id="sync-heading">Sync</h1>
      <p className="muted">
        Every change you make is queued on this computer. Pushing sends the queue to an environment; nothing is sent twice and nothing is
        lost if the network drops.
      </p>
      {environmentsError && <p role="alert">The environments could not be read: {environmentsError.message}</p>}
      {environments === undefined && !environmentsError && <p aria-busy="true">Loading…</p>}
      {environments?.length === 0 && <p>No environment yet: add staging or production below.</p>}
      {message && <p role="status">{message}</p>}
      {environments && environments.length > 0 && (
        <table className="environments">
          <ColumnHeads names={['Environment', 'Address', 'Connection', 'Waiting']} actions />
          <tbody>
            {environments.map((env) => (
              <tr key={env.name}>
                <td>
                  {env.name}
                  {env.production && <span className="tag">production</span>}
                </td>
                <td>{env.baseUrl}</td>
                <td>
                  <ConnectionStatus env={env.name} />
                </td>
                <td>{env.pending}</td>
                <td>
                  <div className="actions">
                    <button type="button" className="primary" disabled={push.running !== undefined} onClick={() => void push.push(env)}>
                      Push to {env.name}
                    </button>
                    <button type="button" onClick={() => void testConnectionNow(env.name)}>
                      Test <span className="visually-hidden">{env.name}</span>
                    </button>
                    <button type="button" onClick={() => setEditing(env)}>
                      Edit <span className="visually-hidden">{env.name}</span>
                    </button>
                    <AskFirst
                      asking={removing === env.name}
                      ask={<>Remove <span className="visually-hidden">{env.name}</span></>}
                      onAsk={() => setRemoving(env.name)}
                      disabled={push.running === env.name}
                      confirm={`Remove ${env.name} for good`}
                      onConfirm={() => void remove(env.name)}
                      onKeep={() => setRemoving(undefined)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removing && <p role="status">Removing {removing} forgets its token and which of its records match ours; nothing here is deleted.</p>}
      <PushPanel push={push} environments={environments ?? []} />

      {shown && (
        <>
          <h2>Queue and conflicts</h2>
          {environments!.length > 1 && (
            <div className="env-choice" role="radiogroup" aria-label="Environment">
              {environments!.map((env) => (
                <label key={env.name}>
                  <input type="radio" name="queue-env" checked={env.name === shown.name} onChange={() => setChosen(env.name)} />
                  {env.name}
                </label>
              ))}
            </div>
          )}
          <h3>Queue of {shown.name}</h3>
          <QueueTable key={`queue-${shown.name}`} env={shown.name} />
          <h3>Conflicts with {shown.name}</h3>
          <ConflictsPanel key={`conflicts-${shown.name}`} env={shown.name} />
        </>
      )}

      <h2>{editing ? `Change ${editing.name}` : 'Add an environment'}</h2>
      <EnvironmentForm key={editing?.name ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
    </section>
  );
}
