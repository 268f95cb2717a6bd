import type { EnvironmentState, RecordInspection } from '../../../shared/inspector';
import { hashOf, type Route } from '../../app/routes';
import { isBenefit } from '../../../shared/plans/benefits';
import { planKind } from '../../../shared/plans/index';
import { downloadFiles } from './download';
import { HistoryTable } from './HistoryTable';
import { ColumnHeads } from '../../app/ColumnHeads';
import { timeAgo } from '../../app/time-ago';

/** The app's page of a record, when it has one. */
function pageOf(inspection: RecordInspection): Route | undefined {
  if (!inspection.path) return undefined;
  const [, collection, kind] = inspection.path.split('/');
  if (collection === 'employers') return { name: 'employer', id: inspection.id };
  if (collection === 'plans' && kind && isBenefit(kind)) return { name: 'plan', benefit: kind, id: inspection.id };
  return undefined;
}

function CopyButton({ text, what }: { text: string; what: string }) {
  return (
    <button type="button" className="small" onClick={() => void navigator.clipboard.writeText(text)}>
      Copy <span className="visually-hidden">{what}</span>
    </button>
  );
}

/** One record for support: as the API returns it, its state in every environment, its history. */
/** The record and its copy in an environment, in words. */
const LINK_WORDS: Record<EnvironmentState['link'], string> = {
  linked: 'Linked',
  'local-only': 'Only on this computer',
  changed: 'Changed here since the last push or pull',
  conflict: 'In conflict: needs a decision',
  skipped: 'Skipped: never pushed there',
};

/** `onExported`: what the record's export saved, said where the screen says its exports. */
export function RecordView({ inspection, onExported }: { inspection: RecordInspection; onExported(text: string): void }) {
  const page = pageOf(inspection);
  const exportRecord = () =>
    onExported(downloadFiles([{ name: `${inspection.entity}-${inspection.id}.json`, content: `${JSON.stringify(inspection, null, 2)}\n` }]));
  const { plan } = inspection;
  return (
    <article aria-labelledby="record-heading" className="record-view">
      <h2 id="record-heading">
        {inspection.entity} {inspection.label}
        {plan && ` of ${plan.employer} (${isBenefit(plan.benefit) ? planKind(plan.benefit).label : plan.benefit}, from ${plan.start_date})`}
      </h2>
      <p>
        Local id <code>{inspection.id}</code> <CopyButton text={inspection.id} what="local id" />
        {page && (
          <>
            {' '}
            · <a href={hashOf(page)}>Open in the app</a>
          </>
        )}{' '}
        ·{' '}
        <button type="button" className="small" onClick={exportRecord}>
          Export this record (JSON)
        </button>
      </p>
      <h3>In each environment</h3>
      {inspection.sync.length === 0 ? (
        <p>No environment yet.</p>
      ) : (
        <table className="admin-table" aria-label="State in each environment">
          <ColumnHeads names={['Environment', 'Link', 'Remote id', 'State', 'Last pulled', 'Attempts', 'Last attempt', 'Last error']} />
          <tbody>
            {inspection.sync.map((state) => (
              <tr key={state.env}>
                <td>{state.env}</td>
                <td>{LINK_WORDS[state.link]}</td>
                <td>
                  {state.remote_id ? (
                    <>
                      <code>{state.remote_id}</code> <CopyButton text={state.remote_id} what={`remote id on ${state.env}`} />
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{state.status}</td>
                <td>{state.pulled_at ? timeAgo(state.pulled_at) : '—'}</td>
                <td>{state.attempts}</td>
                <td>{state.last_attempt_at ? new Date(state.last_attempt_at).toLocaleString() : '—'}</td>
                <td>{state.last_error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>As the API returns it</h3>
      {inspection.record ? (
        <pre className="record-json" tabIndex={0} aria-label="The record as the API returns it">
          {JSON.stringify(inspection.record, null, 2)}
        </pre>
      ) : (
        <p>Deleted; its history remains.</p>
      )}
      <h3>History</h3>
      <HistoryTable history={inspection.history} />
    </article>
  );
}
