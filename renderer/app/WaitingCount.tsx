import { useEnvironments } from '../data/server-state';
import { hashOf } from './routes';
import { countText, counted } from './counts';

/** How many changes wait for each environment, and conflicts waiting for a decision, always in the frame; a link to the sync center. */
export function WaitingCount() {
  const { data: environments } = useEnvironments();
  if (!environments || environments.length === 0) return null;
  const text = environments
    .map((env) => `${env.name} ${countText(env.pending)}${env.conflicts > 0 ? ` (${counted(env.conflicts, 'conflict')})` : ''}`)
    .join(' · ');
  return (
    <a className="waiting-count" href={hashOf({ name: 'sync' })} title="Changes waiting to be pushed, and conflicts waiting for a decision">
      Waiting: {text}
    </a>
  );
}
