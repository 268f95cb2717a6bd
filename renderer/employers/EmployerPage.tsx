import { useRef, useState } from 'react';
import { planKind, type Benefit } from '../../shared/plans';
import type { Employer, EmployerPlanSummary } from '../../shared/resources/employer';
import { isUsState, US_STATES } from '../../shared/resources/us-states';
import { api, failureMessage } from '../api/api';
import { announceDone } from '../app/DoneNotice';
import { hashOf, navigate } from '../app/routes';
import { useShortcuts } from '../app/shortcuts';
import { divisionName, useWorkspace } from '../app/workspace-store';
import { provenanceText, useProvenance } from '../data/provenance';
import { invalidateServerState, ServiceError, useEmployer, useEmployerPlans } from '../data/server-state';
import { SavedPlanNotice } from '../plans/saved-notice';
import { startPlanWizard, type WizardStart } from '../plans/start-wizard';
import { AddPlanMenu } from './AddPlanMenu';
import { EmployerPlans } from './EmployerPlans';
import { useNaics } from './naics-on-demand';
import { SbcImportButton } from './SbcImportButton';
import './employers.css';
import { errorText } from '../api/error-text';

/** Counts as the employer list writes them: "1,250". */
const count = new Intl.NumberFormat('en-US');

/** One employer: what it is, and its plans, active and expired, by kind. */
export function EmployerPage({ id }: { id: string }) {
  const naics = useNaics();
  const { divisions, filters } = useWorkspace();
  const pulledFrom = useProvenance([id]).data?.get(id);
  const employerQuery = useEmployer(id);
  // Asked for together with the employer, not after it: one request for every plan of every kind.
  const plansQuery = useEmployerPlans(id);
  const [actionError, setActionError] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const [addPlanRequest, setAddPlanRequest] = useState(0);

  // Alt+L goes to the plans; Alt+R and Alt+C renew or convert the plan whose link has the focus.
  // Pressed before the page shows its plans as they are now (they load after the employer, and
  // again after a plan was saved), the keys wait for them instead of finding no plan.
  const plansShown = employerQuery.isSuccess && plansQuery.isFetched && !plansQuery.isFetching;
  const startFromFocusedPlan = (mode: 'renew' | 'convert') => {
    const link = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-plan-id]') : null;
    if (link) void startFrom({ mode, benefit: link.dataset['benefit'] as Benefit, planId: link.dataset['planId']! });
  };
  useShortcuts(
    {
      'Alt+E': () => navigate({ name: 'employer-edit', id }),
      'Alt+P': () => setAddPlanRequest((n) => n + 1),
      'Alt+L': () => document.querySelector<HTMLElement>('.plan-list [data-plan-id]')?.focus(),
      'Alt+R': () => startFromFocusedPlan('renew'),
      'Alt+C': () => startFromFocusedPlan('convert'),
    },
    plansShown,
  );

  // One wizard at a time: a shortcut repeated while a wizard starts must not leave a second, orphaned draft.
  const starting = useRef(false);
  async function startFrom(start: WizardStart) {
    if (starting.current) return;
    starting.current = true;
    setActionError(undefined);
    try {
      const problem = await startPlanWizard(start).catch((error: unknown) => errorText(error));
      if (problem) setActionError(`Could not start the ${planKind(start.benefit).label} plan: ${problem}`);
    } finally {
      starting.current = false;
    }
  }

  const employer = employerQuery.data ?? (employerQuery.error ? { error: employerError(employerQuery.error) } : undefined);
  if (employer === undefined) {
    return (
      <section aria-busy="true">
        <p className="muted">Loading the employer…</p>
      </section>
    );
  }
  if ('error' in employer) {
    return (
      <section>
        <h1>Employer</h1>
        <p role="alert">{employer.error}</p>
        <a href={hashOf({ name: 'employers' })}>Back to employers</a>
      </section>
    );
  }

  async function remove(current: Employer) {
    const planCount = current.plans.length + current.plans_expired.length;
    const plansNote = planCount > 0 ? ` It has ${planCount} plan${planCount === 1 ? '' : 's'}.` : '';
    if (!window.confirm(`Delete the employer "${current.name}"?${plansNote} This cannot be undone.`)) return;
    setDeleting(true);
    setActionError(undefined);
    try {
      const result = await api.delete(`/employers/${current.id}/`);
      if (!result.ok) return setActionError(failureMessage(result));
      void invalidateServerState();
      announceDone(`Deleted the employer “${current.name}”; the deletion is queued for sync.`, { name: 'employers' });
      navigate({ name: 'employers' }, { replace: true });
    } finally {
      setDeleting(false);
    }
  }

  async function addPlan(benefit: Benefit) {
    await startFrom({ mode: 'new', benefit, employerId: id });
  }

  const filterNames = employer.other_filters.map((filterId) => filters.find((filter) => filter.id === filterId)?.name ?? 'Unknown filter');
  return (
    <article className="employer-page" aria-labelledby="employer-heading">
      <p className="breadcrumb">
        <a href={hashOf({ name: 'employers' })}>
          <span aria-hidden="true">← </span>All employers
        </a>
      </p>
      <div className="employer-page-top">
        <h1 id="employer-heading">{employer.name}</h1>
        <div className="actions">
          <button type="button" className="primary" aria-keyshortcuts="Alt+E" title="Edit (Alt+E)" onClick={() => navigate({ name: 'employer-edit', id })}>
            Edit
          </button>
          <AddPlanMenu onChoose={(benefit) => void addPlan(benefit)} openRequest={addPlanRequest} />
          <button type="button" onClick={() => navigate({ name: 'exhibit', employerId: id, year: exhibitYear(plansQuery.data ?? []) })}>
            Renewal exhibit
          </button>
          <SbcImportButton employerId={id} onError={setActionError} />
          <button type="button" onClick={() => navigate({ name: 'import', kind: 'medical', employer: id })}>
            Import plans…
          </button>
          <button type="button" className="danger" disabled={deleting} onClick={() => void remove(employer)}>
            {deleting ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </div>
      {pulledFrom && <p className="muted">Pulled {provenanceText(pulledFrom)}</p>}
      {actionError && <p role="alert">{actionError}</p>}
      <SavedPlanNotice employerId={id} />
      <dl className="employer-facts">
        <dt>Web address</dt>
        {/* Text, not a link: a link would navigate the app's own window away. */}
        <dd className="selectable">{employer.url}</dd>
        <dt>Eligible employees</dt>
        <dd>{/^\d+$/.test(employer.size) ? count.format(Number(employer.size)) : employer.size}</dd>
        <dt>NAICS codes</dt>
        <dd>
          {employer.naics_codes.length === 0 ? (
            <span className="muted">None</span>
          ) : (
            <ul className="plain-list">
              {employer.naics_codes.map((code) => (
                <li key={code}>
                  <b>{code}</b> {naics && (naics.naicsTitle(code) ?? <span className="hint">{naics.NAICS_NOT_IN_2017}</span>)}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>States</dt>
        <dd>
          {employer.location_states.length === 0 ? (
            <span className="muted">None</span>
          ) : (
            employer.location_states.map((code, index) => (
              <span key={code} title={isUsState(code) ? US_STATES[code] : undefined}>
                {index > 0 && ', '}
                {code}
              </span>
            ))
          )}
        </dd>
        <dt>Filters</dt>
        <dd>{filterNames.length === 0 ? <span className="muted">None</span> : filterNames.join(', ')}</dd>
        <dt>Division</dt>
        <dd>{divisionName(divisions, employer.division)}</dd>
      </dl>
      <p className="muted keys">Alt+L goes to the plans; on a plan, Alt+R renews it and Alt+C converts it to another carrier.</p>
      <EmployerPlans plans={plansQuery.data} error={plansQuery.error} activeCount={employer.plans.length} expiredCount={employer.plans_expired.length} />
    </article>
  );
}

/** The plan year the exhibit opens on: the latest one a plan starts in, else next year. */
function exhibitYear(plans: readonly EmployerPlanSummary[]): number {
  const years = plans.map((plan) => Number(plan.start_date.slice(0, 4))).filter(Number.isInteger);
  return years.length > 0 ? Math.max(...years) : new Date().getFullYear() + 1;
}

function employerError(error: Error): string {
  return error instanceof ServiceError && error.status === 404 ? 'This employer does not exist, or is in a division you do not hold.' : errorText(error);
}
