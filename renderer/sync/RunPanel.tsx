import type { EnvironmentInfo, SyncEntity } from '../../shared/bridge';
import { useQueue } from '../admin/admin-state';
import type { SyncRun } from './sync-run';
import { countText, counted } from '../app/counts';
import { queueName } from './queue-names';

const ENTITY_WORDS: Record<SyncEntity, [string, string]> = {
  division: ['division', 'divisions'],
  user: ['user', 'users'],
  employer: ['employer', 'employers'],
  plan: ['plan', 'plans'],
};

const countOf = (entity: SyncEntity, count: number) => counted(count, ENTITY_WORDS[entity][0], ENTITY_WORDS[entity][1]);

/** Records a preview names before "and N more". */
const NAMED = 8;

/** The records a push would send, by name (the latest changed first): what a broker checks before sending to production. */
function GoingByName({ env }: { env: string }) {
  const { data: rows } = useQueue(env);
  const going = rows?.filter((row) => row.state === 'waiting') ?? [];
  if (going.length === 0) return null;
  const named = going.slice(0, NAMED).map((row) => `${queueName(row)} (${row.entity}, ${row.operation})`);
  return (
    <p id="preview-names">
      Among them: {named.join('; ')}
      {going.length > NAMED ? `; and ${countText(going.length - NAMED)} more` : ''}.
    </p>
  );
}

/** What a push would send; before a push to production, the question whether to send it. */
function PreviewBox({ run }: { run: SyncRun }) {
  const { preview } = run;
  if (!preview) return null;
  const { env, dryRun, production } = preview;
  const heading = production ? `Push to ${env}?` : `What a push to ${env} would send`;
  return (
    <div className="confirm" role={production ? 'alertdialog' : 'region'} aria-labelledby="preview-heading" aria-describedby="preview-counts preview-names">
      <h2 id="preview-heading">{heading}</h2>
      <p>{production ? `${env} is marked production. This push would send:` : 'Nothing is sent until you push:'}</p>
      <ul id="preview-counts">
        {(Object.keys(ENTITY_WORDS) as SyncEntity[])
          .filter((entity) => dryRun.would_push[entity] > 0)
          .map((entity) => (
            <li key={entity}>{countOf(entity, dryRun.would_push[entity])}</li>
          ))}
        {Object.values(dryRun.would_push).every((count) => count === 0) && <li>nothing new</li>}
        {Object.entries(dryRun.pulled_from).map(([source, count]) => (
          <li key={`pulled-${source}`}>
            of them, {counted(count, 'record')} got from {source}: made on {env} too, or matched there when {env} already has them
          </li>
        ))}
        {dryRun.failed > 0 && <li>{countText(dryRun.failed)} failed records stay back until they are fixed</li>}
        {dryRun.conflicts > 0 && <li>{countText(dryRun.conflicts)} conflicts stay back until they are decided</li>}
      </ul>
      <GoingByName env={env} />
      <div className="actions">
        <button type="button" className="primary" onClick={() => void run.confirm()}>
          Push to {env}
        </button>
        <button type="button" onClick={run.closePreview}>
          {production ? 'Not now' : 'Close'}
        </button>
      </div>
    </div>
  );
}

/** The running push's or pull's progress (records done of total) with Cancel. */
function Progress({ run }: { run: SyncRun }) {
  const { running, progress } = run;
  if (!running) return null;
  const doing = running.direction === 'push' ? `Pushing to ${running.env}` : `Getting records from ${running.env}`;
  const done = progress ? progress.done + progress.failed : 0;
  const total = progress?.total ?? null;
  const soFar = !progress ? 'starting…' : total === null ? `${countText(done)} records so far` : `${countText(done)} of ${countText(total)} records`;
  return (
    <div className="sync-progress" role="status" aria-live="polite">
      {total === null ? <progress aria-label={doing} /> : <progress max={total || 1} value={done} aria-label={doing} />}
      <span>
        {doing}, {soFar}
        {progress?.current ? ` · ${progress.current}` : ''}
      </span>
      <button type="button" onClick={() => run.cancel(running.env)}>
        Cancel
      </button>
    </div>
  );
}

/** The running push or pull, what a push would send, the last outcome and what to do next. */
export function RunPanel({ run, environments }: { run: SyncRun; environments: EnvironmentInfo[] }) {
  const { outcome } = run;
  const pushedTo = outcome?.direction === 'push' ? environments.find((env) => env.name === outcome.env) : undefined;
  const suggested =
    outcome?.clean && pushedTo && !pushedTo.production ? environments.find((env) => env.production && env.pending > 0 && env.tokenProblem === null) : undefined;
  return (
    <>
      {run.previewError && <p role="alert">{run.previewError}</p>}
      <PreviewBox run={run} />
      <Progress run={run} />
      {outcome && (
        <div className={outcome.failed ? 'warning' : 'sync-done'} role="status">
          <p>
            <strong>{outcome.env}:</strong> {outcome.text}
          </p>
          {suggested && (
            <p>
              Everything reached {outcome.env}.{' '}
              <button type="button" className="primary" onClick={() => void run.push(suggested)}>
                Push to {suggested.name} next
              </button>
            </p>
          )}
        </div>
      )}
    </>
  );
}
