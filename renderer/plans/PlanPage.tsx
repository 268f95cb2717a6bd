import { useRef, useState } from 'react';
import { choiceLabel } from '../../shared/forms/choice-labels';
import { planSteps } from '../../shared/forms/plan-steps';
import { planKind, type Benefit } from '../../shared/plans/index';
import { api, failureMessage } from '../api/api';
import { announceDone } from '../app/DoneNotice';
import { navigate } from '../app/routes';
import { useShortcuts } from '../app/shortcuts';
import { invalidateServerState, usePlan } from '../data/server-state';
import { formatPlanValue } from '../../shared/plans/plan-values';
import { startPlanWizard, type WizardStart } from './start-wizard';
import './plan-page.css';
import { errorText } from '../api/error-text';

/** One stored plan, read-only, with what a broker does next: edit it, renew it, convert it. */
export function PlanPage({ benefit, id }: { benefit: Benefit; id: string }) {
  const loaded = usePlan(benefit, id);
  const [actionError, setActionError] = useState<string | undefined>(undefined);

  // One wizard at a time: a double click or a repeated Alt+R must not leave a second, orphaned draft.
  const starting = useRef(false);
  async function start(mode: WizardStart['mode']) {
    if (starting.current) return;
    starting.current = true;
    setActionError(undefined);
    try {
      const failure = await startPlanWizard({ mode, benefit, planId: id } as WizardStart);
      // On success the wizard is already shown and this page is on its way out: it stays "started".
      if (failure) {
        setActionError(failure);
        starting.current = false;
      }
    } catch (error) {
      setActionError(errorText(error));
      starting.current = false;
    }
  }

  // Alt+R renews, Alt+C converts, Alt+E edits: the renewal season is typed, not clicked.
  useShortcuts({ 'Alt+R': () => void start('renew'), 'Alt+C': () => void start('convert'), 'Alt+E': () => void start('edit') });

  if (loaded.error) return <p role="alert">This plan cannot be shown: {errorText(loaded.error)}</p>;
  if (!loaded.data) return <section aria-busy="true">Loading the plan…</section>;

  const plan = loaded.data;
  const kind = planKind(benefit);
  const employerId = String(plan['employer']);

  async function remove() {
    if (!window.confirm(`Delete the plan "${String(plan['title'])}"? This cannot be undone.`)) return;
    const result = await api.delete(`/plans/${benefit}/${id}/`);
    if (result.ok) {
      void invalidateServerState();
      announceDone(`Deleted the plan “${String(plan['title'])}”; the deletion is queued for sync.`, { name: 'employer', id: employerId });
      navigate({ name: 'employer', id: employerId }, { replace: true });
    } else setActionError(failureMessage(result));
  }

  return (
    <section className="plan-page" aria-labelledby="plan-heading">
      <p className="muted breadcrumb">
        <a href={`#/employers/${employerId}`}>Back to the employer</a> · {kind.label}
      </p>
      <h1 id="plan-heading">
        {String(plan['title'])}{' '}
        <span className={`status status-${String(plan['status']).toLowerCase()}`}>{String(plan['status']) === 'EXPIRED' ? 'Expired' : 'Active'}</span>
      </h1>
      <p>
        {String(plan['carrier'])} · {String(plan['start_date'])} to {String(plan['end_date'])}
        {typeof plan['from_plan'] === 'string' && (
          <>
            {' '}
            · {choiceLabel(String(plan['from_action']))} from <a href={`#/plans/${benefit}/${plan['from_plan']}`}>the prior plan</a>
          </>
        )}
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void start('renew')} aria-keyshortcuts="Alt+R">
          Renew
        </button>
        <button type="button" onClick={() => void start('convert')} aria-keyshortcuts="Alt+C">
          Convert
        </button>
        <button type="button" onClick={() => void start('edit')} aria-keyshortcuts="Alt+E">
          Edit
        </button>
        <button type="button" onClick={() => void remove()}>
          Delete
        </button>
        <span className="muted keys">Alt+R renew · Alt+C convert (new carrier) · Alt+E edit</span>
      </div>
      {actionError && <p role="alert">{actionError}</p>}
      {planSteps(benefit)
        .slice(0, -1)
        .map((step) => (
          <section key={step.id} className="review-section">
            <h2>{step.title}</h2>
            <dl>
              {step.fields
                .filter((field) => field !== 'from_action')
                .map((field) => (
                  <div key={field} className="review-row">
                    <dt>{kind.fields[field]!.label}</dt>
                    <dd>{formatPlanValue(kind.fields[field], plan[field])}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
    </section>
  );
}
