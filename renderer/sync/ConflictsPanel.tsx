import { useConflicts } from '../admin/admin-state';
import { ConflictCard } from './ConflictCard';

/** The environment's conflicts, each waiting for a person's decision; read from the workspace and the remote. */
export function ConflictsPanel({ env }: { env: string }) {
  const { data: conflicts, error, isFetching } = useConflicts(env);
  if (error) return <p role="alert">The conflicts with {env} could not be read: {error.message}</p>;
  if (!conflicts) return <p aria-busy="true">{isFetching ? `Reading the conflicts with ${env}…` : ''}</p>;
  if (conflicts.length === 0) return <p>No conflicts with {env}.</p>;
  return (
    <div className="conflicts">
      {conflicts.map((conflict) => (
        <ConflictCard key={conflict.record} env={env} conflict={conflict} />
      ))}
    </div>
  );
}
