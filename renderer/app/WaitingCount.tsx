import { useEnvironments } from '../data/server-state';
import { hashOf } from './routes';

/** How many changes wait for each environment, always in the frame; a link to the sync center. */
export function WaitingCount() {
  const { data: environments } = useEnvironments();
  if (!environments || environments.length === 0) return null;
  const text = environments.map((env) => `${env.name} ${env.pending}`).join(' · ');
  return (
    <a className="waiting-count" href={hashOf({ name: 'sync' })} title="Changes waiting to be pushed">
      Waiting: {text}
    </a>
  );
}
