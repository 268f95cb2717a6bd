import { useRef, useState } from 'react';
import { bridge } from '../bridge/bridge';
import { useEnvironments } from '../data/server-state';
import { answerOf, invalidateSync } from '../admin/admin-state';
import { ConflictsPanel } from './ConflictsPanel';
import { EnvironmentForm } from './EnvironmentForm';
import { EnvironmentsTable } from './EnvironmentsTable';
import { RunPanel } from './RunPanel';
import { useSyncRun } from './sync-run';
import { QueueTable } from './QueueTable';
import { counted } from '../app/counts';
import './sync.css';

/** "3 conflicts with staging wait for a decision", and the way to them. */
function ConflictsWaiting({ env, conflicts, onJump }: { env: string; conflicts: number; onJump(): void }) {
  if (conflicts === 0) return null;
  return (
    <p className="warning">
      {counted(conflicts, 'conflict')} with {env} {conflicts === 1 ? 'waits' : 'wait'} for a decision.{' '}
      <button type="button" onClick={onJump}>
        Go to the conflicts with {env}
      </button>
    </p>
  );
}

/** The sync center: environments, their connection, pushing and getting records, each environment's conflicts and queue. */
export function SyncScreen() {
  const { data: environments, error: environmentsError } = useEnvironments();
  const run = useSyncRun();
  const [removing, setRemoving] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const conflictsHeading = useRef<HTMLHeadingElement>(null);
  // Until one is chosen: the first with conflicts waiting when the screen opens, so they are not
  // missed, and then that one (it does not move away when its last conflict is decided). Set while
  // rendering, as React has state follow props: the screen is drawn once, with it.
  if (chosen === undefined && environments && environments.length > 0) setChosen((environments.find((env) => env.conflicts > 0) ?? environments[0]!).name);
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

  function jumpToConflicts() {
    conflictsHeading.current?.scrollIntoView({ block: 'start' });
    conflictsHeading.current?.focus();
  }

  function showConflicts(name: string) {
    setChosen(name);
    // After the panel of that environment is drawn.
    requestAnimationFrame(jumpToConflicts);
  }

  return (
    <section aria-labelledby="sync-heading" className="sync-screen">
      <h1 id="sync-heading">Sync</h1>
      <p className="muted">
        Every change you make is queued on this computer. Pushing sends the queue to an environment; getting records brings what it holds here. Nothing is sent
        twice and nothing is lost if the network drops.
      </p>
      {environmentsError && <p role="alert">The environments could not be read: {environmentsError.message}</p>}
      {environments === undefined && !environmentsError && <p aria-busy="true">Loading…</p>}
      {environments?.length === 0 && <p>No environment yet: add staging or production below.</p>}
      {message && <p role="status">{message}</p>}
      {environments && environments.length > 0 && (
        <EnvironmentsTable
          environments={environments}
          run={run}
          onRemove={(name) => void remove(name)}
          removing={removing}
          onAskRemove={setRemoving}
          onShowConflicts={showConflicts}
        />
      )}
      {removing && <p role="status">Removing {removing} forgets its token and which of its records match ours; nothing here is deleted.</p>}
      <RunPanel run={run} environments={environments ?? []} />

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
          <ConflictsWaiting env={shown.name} conflicts={shown.conflicts} onJump={jumpToConflicts} />
          <h3>Queue of {shown.name}</h3>
          <QueueTable key={`queue-${shown.name}`} env={shown.name} runs={run.runs} />
          <h3 ref={conflictsHeading} tabIndex={-1}>
            Conflicts with {shown.name}
          </h3>
          <ConflictsPanel key={`conflicts-${shown.name}`} env={shown.name} runs={run.runs} onDecided={run.clearOutcome} />
        </>
      )}

      <h2>Add an environment</h2>
      <EnvironmentForm key="new" onDone={() => undefined} />
    </section>
  );
}
