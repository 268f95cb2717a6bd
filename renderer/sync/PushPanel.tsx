import type { EnvironmentInfo, SyncEntity } from '../../shared/bridge';
import type { usePush } from './push';

const ENTITY_WORDS: Record<SyncEntity, [string, string]> = {
  division: ['division', 'divisions'], user: ['user', 'users'], employer: ['employer', 'employers'], plan: ['plan', 'plans'],
};

const countOf = (entity: SyncEntity, count: number) => `${count} ${ENTITY_WORDS[entity][count === 1 ? 0 : 1]}`;

/** The running push's progress, a production push's confirmation, the last outcome and what to do next. */
export function PushPanel({ push, environments }: { push: ReturnType<typeof usePush>; environments: EnvironmentInfo[] }) {
  const { confirmation, running, progress, outcome } = push;
  const suggested = outcome?.clean && !environments.find((env) => env.name === outcome.env)?.production ? environments.find((env) => env.production && env.pending > 0) : undefined;
  return (
    <>
      {push.confirmError && <p role="alert">{push.confirmError}</p>}
      {confirmation && (
        <div className="confirm" role="alertdialog" aria-labelledby="confirm-push-heading" aria-describedby="confirm-push-counts">
          <h2 id="confirm-push-heading">Push to {confirmation.env}?</h2>
          <p>{confirmation.env} is marked production. This push would send:</p>
          <ul id="confirm-push-counts">
            {(Object.keys(ENTITY_WORDS) as SyncEntity[])
              .filter((entity) => confirmation.dryRun.would_push[entity] > 0)
              .map((entity) => (
                <li key={entity}>{countOf(entity, confirmation.dryRun.would_push[entity])}</li>
              ))}
            {Object.values(confirmation.dryRun.would_push).every((count) => count === 0) && <li>nothing new</li>}
            {confirmation.dryRun.failed > 0 && <li>{confirmation.dryRun.failed} failed records stay back until they are fixed</li>}
            {confirmation.dryRun.conflicts > 0 && <li>{confirmation.dryRun.conflicts} conflicts stay back until they are decided</li>}
          </ul>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void push.confirm()}>
              Push to {confirmation.env}
            </button>
            <button type="button" onClick={push.dismissConfirmation}>
              Not now
            </button>
          </div>
        </div>
      )}
      {running && (
        <div className="sync-progress" role="status" aria-live="polite">
          <progress max={progress?.total || 1} value={progress ? progress.done + progress.failed : 0} aria-label={`Push to ${running}`} />
          <span>
            {progress ? `${progress.done + progress.failed}${progress.total === null ? '' : ` of ${progress.total}`}` : 'Starting…'}
            {progress?.current ? ` · ${progress.current}` : ''}
          </span>
          <button type="button" onClick={() => push.cancel(running)}>
            Cancel
          </button>
        </div>
      )}
      {outcome && (
        <div className={outcome.failed ? 'warning' : 'sync-done'} role="status">
          <p>
            <strong>{outcome.env}:</strong> {outcome.text}
          </p>
          {outcome.errors.length > 0 && <p>The queue below says why each failed record was refused.</p>}
          {suggested && (
            <p>
              Everything reached {outcome.env}.{' '}
              <button type="button" className="primary" onClick={() => void push.push(suggested)}>
                Push to {suggested.name} next
              </button>
            </p>
          )}
        </div>
      )}
    </>
  );
}
