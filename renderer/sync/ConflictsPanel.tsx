import { useState } from 'react';
import { useConflicts } from '../admin/admin-state';
import { ConflictCard } from './ConflictCard';

/**
 * The environment's conflicts, each waiting for a person's decision; read from the workspace and
 * the remote. A decision is said here, and `onDecided` lets the screen drop an outcome it outdates.
 */
export function ConflictsPanel({ env, onDecided }: { env: string; onDecided(): void }) {
  const { data: conflicts, error, isFetching } = useConflicts(env);
  const [said, setSaid] = useState<string | undefined>(undefined);
  const decided = (text: string) => {
    setSaid(text);
    onDecided();
  };
  return (
    <>
      {said && <p role="status">{said}</p>}
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
