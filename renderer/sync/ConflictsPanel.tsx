import { useState } from 'react';
import { useConflicts } from '../admin/admin-state';
import { ConflictCard } from './ConflictCard';

/**
 * The environment's conflicts, each waiting for a person's decision; read from the workspace and
 * the remote. A decision is said here, and `onDecided` lets the screen drop an outcome it outdates.
 */
export function ConflictsPanel({ env, runs = 0, onDecided }: { env: string; runs?: number; onDecided(): void }) {
  const { data: conflicts, error, isFetching } = useConflicts(env);
  // Said until the next push or pull, which acts on the decision ("the next push sends them").
  const [said, setSaid] = useState<{ text: string; runs: number } | undefined>(undefined);
  const decided = (text: string) => {
    setSaid({ text, runs });
    onDecided();
  };
  return (
    <>
      {said && said.runs === runs && <p role="status">{said.text}</p>}
      {error ? (
        <p role="alert">
          The conflicts with {env} could not be read: {error.message}
        </p>
      ) : !conflicts ? (
        <p aria-busy="true">{isFetching ? `Reading the conflicts with ${env}…` : ''}</p>
      ) : conflicts.length === 0 ? (
        <p>No conflicts with {env}.</p>
      ) : (
        <div className="conflicts">
          {conflicts.map((conflict) => (
            <ConflictCard key={conflict.record} env={env} conflict={conflict} onDecided={decided} />
          ))}
        </div>
      )}
    </>
  );
}
