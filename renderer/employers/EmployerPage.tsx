import { useEffect, useId, useState } from 'react';
import { NAICS_NOT_IN_2017, naicsTitle } from '../../shared/naics/naics';
import { BENEFITS, planKind, type Benefit } from '../../shared/plans';
import type { Employer, PlanRef } from '../../shared/resources/employer';
import { isUsState, US_STATES } from '../../shared/resources/us-states';
import { api, failureMessage } from '../api/api';
import { hashOf, navigate } from '../app/routes';
import { divisionName, useWorkspace } from '../app/workspace-store';
import { startPlanWizard } from '../plans/start-wizard';
import { AddPlanMenu } from './AddPlanMenu';
import { useEmployers } from './employers-store';
import { isShortcut } from './shortcuts';
import './employers.css';

/** The plan fields a row shows; GET /plans/{benefit}/{id}/ answers these among the rest. */
interface PlanHeadline {
  title: string;
  carrier: string;
  start_date: string;
  end_date: string;
}

type PlanLoad = PlanHeadline | { error: string };

/** One employer: what it is, and its plans, active and expired, by kind. */
export function EmployerPage({ id }: { id: string }) {
  const { divisions, filters } = useWorkspace();
  const [employer, setEmployer] = useState<Employer | { error: string } | undefined>(undefined);
  const [plans, setPlans] = useState<Record<string, PlanLoad>>({});
  const [actionError, setActionError] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const [addPlanRequest, setAddPlanRequest] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const result = await api.get<Employer>(`/employers/${id}/`);
      if (cancelled) return;
      if (!result.ok) {
        return setEmployer({ error: result.status === 404 ? 'This employer does not exist, or is in a division you do not hold.' : failureMessage(result) });
      }
      setEmployer(result.body);
      const refs = [...result.body.plans, ...result.body.plans_expired];
      const loads = await Promise.all(
        refs.map(async (ref): Promise<[string, PlanLoad]> => {
          const plan = await api.get<PlanHeadline>(`/plans/${ref.benefit}/${ref.id}/`).catch((error: unknown) => ({ ok: false as const, error }));
          if (plan.ok) return [ref.id, plan.body];
          return [ref.id, { error: 'error' in plan ? String(plan.error) : failureMessage(plan) }];
        }),
      );
      if (!cancelled) setPlans(Object.fromEntries(loads));
    })();
    return () => {
      cancelled = true;
    };
  }, [id]);

  const loaded = employer !== undefined && !('error' in employer);

  useEffect(() => {
    if (!loaded) return;
    function onKeyDown(event: KeyboardEvent) {
      if (isShortcut(event, 'e')) {
        event.preventDefault();
        navigate({ name: 'employer-edit', id });
      } else if (isShortcut(event, 'p')) {
        event.preventDefault();
        setAddPlanRequest((n) => n + 1);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [loaded, id]);

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
      void useEmployers.getState().refresh();
      navigate({ name: 'employers' }, { replace: true });
    } finally {
      setDeleting(false);
    }
  }

  async function addPlan(benefit: Benefit) {
    setActionError(undefined);
    try {
      const problem = await startPlanWizard({ mode: 'new', benefit, employerId: id });
      if (problem) setActionError(`Could not start the ${planKind(benefit).label} plan: ${problem}`);
    } catch (error) {
      setActionError(`Could not start the ${planKind(benefit).label} plan: ${error instanceof Error ? error.message : String(error)}`);
    }
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
          <button type="button" className="danger" disabled={deleting} onClick={() => void remove(employer)}>
            {deleting ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </div>
      {actionError && <p role="alert">{actionError}</p>}
      <dl className="employer-facts">
        <dt>Web address</dt>
        {/* Text, not a link: a link would navigate the app's own window away. */}
        <dd className="selectable">{employer.url}</dd>
        <dt>Eligible employees</dt>
        <dd>{employer.size}</dd>
        <dt>NAICS codes</dt>
        <dd>
          {employer.naics_codes.length === 0 ? (
            <span className="muted">None</span>
          ) : (
            <ul className="plain-list">
              {employer.naics_codes.map((code) => (
                <li key={code}>
                  <b>{code}</b> {naicsTitle(code) ?? <span className="hint">{NAICS_NOT_IN_2017}</span>}
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
      <PlanSection title="Active plans" empty="No active plans." refs={employer.plans} plans={plans} />
      <PlanSection title="Expired plans" empty="No expired plans." refs={employer.plans_expired} plans={plans} />
    </article>
  );
}

function PlanSection({ title, empty, refs, plans }: { title: string; empty: string; refs: readonly PlanRef[]; plans: Record<string, PlanLoad> }) {
  const id = useId();
  const groups = BENEFITS.map((benefit) => ({ benefit, refs: refs.filter((ref) => ref.benefit === benefit) })).filter((group) => group.refs.length > 0);
  return (
    <section className="plan-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="muted">({refs.length})</span>
      </h2>
      {groups.length === 0 && <p className="muted">{empty}</p>}
      {groups.map((group) => (
        <div key={group.benefit} className="plan-group">
          <h3>{planKind(group.benefit).label}</h3>
          <ul className="plan-list">
            {sortByStart(group.refs, plans).map((ref) => (
              <PlanRow key={ref.id} planRef={ref} plan={plans[ref.id]} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** Newest plan year first; plans still loading keep their order at the end. */
function sortByStart(refs: readonly PlanRef[], plans: Record<string, PlanLoad>): PlanRef[] {
  const start = (ref: PlanRef) => {
    const plan = plans[ref.id];
    return plan && !('error' in plan) ? plan.start_date : '';
  };
  return [...refs].sort((a, b) => start(b).localeCompare(start(a)));
}

function PlanRow({ planRef, plan }: { planRef: PlanRef; plan: PlanLoad | undefined }) {
  const href = hashOf({ name: 'plan', benefit: planRef.benefit, id: planRef.id });
  if (!plan) {
    return (
      <li className="plan-row" aria-busy="true">
        <a href={href}>Loading plan…</a>
      </li>
    );
  }
  if ('error' in plan) {
    return (
      <li className="plan-row">
        <a href={href}>Plan {planRef.id.slice(0, 8)}</a>
        <span role="alert">Could not load this plan: {plan.error}</span>
      </li>
    );
  }
  return (
    <li className="plan-row">
      <a href={href}>{plan.title}</a>
      <span>{plan.carrier}</span>
      <span className="muted">
        {plan.start_date} – {plan.end_date}
      </span>
    </li>
  );
}
