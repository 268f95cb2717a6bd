import { useEnvironments } from '../data/server-state';
import { hashOf } from './routes';

/** How many changes wait for each environment, and conflicts waiting for a decision, always in the frame; a link to the sync center. */
export function WaitingCount() {
  const { data: environments } = useEnvironments();
  if (!environments || environments.length === 0) return null;
  const text = environments
    .map((env) => `${env.name} ${env.pending}${env.conflicts > 0 ? ` (${env.conflicts} ${env.conflicts === 1 ? 'conflict' : 'conflicts'})` : ''}`)
    .join(' · ');
  return (
    <a className="waiting-count" href={hashOf({ name: 'sync' })} title="Changes waiting to be pushed, and conflicts waiting for a decision">
      Waiting: {text}
    </a>
  );
}
