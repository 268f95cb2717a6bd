import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BENEFITS, planKind, type Benefit } from '../../shared/plans';
import type { EmployerPlanSummary } from '../../shared/resources/employer';
import { hashOf } from '../app/routes';
import { errorText } from '../api/error-text';

/** Each kind shows its newest plans; older ones wait behind a button, so a page with 500 plans opens as one with 5. */
const PLANS_SHOWN_PER_KIND = 3;

interface EmployerPlansProps {
  /** Undefined while they load. */
  plans: readonly EmployerPlanSummary[] | undefined;
  error: Error | null;
  /** From the employer's record, so the headings are right before the plans arrive. */
  activeCount: number;
  expiredCount: number;
}

/** The employer's plans, active and expired, by kind in the spec's order, newest plan year first. */
export function EmployerPlans({ plans, error, activeCount, expiredCount }: EmployerPlansProps) {
  const loading = plans === undefined && !error;
  return (
    <div className="employer-plans" onKeyDown={moveBetweenPlans}>
      {error && <p role="alert">The plans could not be loaded: {errorText(error)}</p>}
      <PlanSection title="Active plans" empty="No active plans." count={activeCount} loading={loading} plans={plans?.filter((plan) => !plan.expired)} />
      <PlanSection title="Expired plans" empty="No expired plans." count={expiredCount} loading={loading} plans={plans?.filter((plan) => plan.expired)} />
    </div>
  );
}

/** Down and Up arrows move from plan to plan, across kinds and sections, as they move through the employer list. */
function moveBetweenPlans(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  const from = event.target as HTMLElement;
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !from.matches('[data-plan-id]')) return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-plan-id]'));
  const to = links[links.indexOf(from) + step];
  event.preventDefault();
  to?.focus();
}

interface PlanSectionProps {
  title: string;
  empty: string;
  count: number;
  loading: boolean;
  plans: readonly EmployerPlanSummary[] | undefined;
}

function PlanSection({ title, empty, count, loading, plans }: PlanSectionProps) {
  const id = useId();
  const groups = plans ? byKind(plans) : [];
  return (
    <section className="plan-section" aria-labelledby={id} aria-busy={loading}>
      <h2 id={id}>
        {title} <span className="muted">({plans?.length ?? count})</span>
      </h2>
      {loading && count > 0 && <p className="muted">Loading plans…</p>}
      {plans?.length === 0 && <p className="muted">{empty}</p>}
      {groups.map((group) => (
        <PlanGroup key={group.benefit} benefit={group.benefit} plans={group.plans} />
      ))}
    </section>
  );
}

/** The plans split by kind in the spec's order, each kind keeping the service's order (newest plan year first). */
function byKind(plans: readonly EmployerPlanSummary[]): { benefit: Benefit; plans: EmployerPlanSummary[] }[] {
  const groups = new Map<Benefit, EmployerPlanSummary[]>(BENEFITS.map((benefit) => [benefit, []]));
  for (const plan of plans) groups.get(plan.benefit)?.push(plan);
  return [...groups].filter(([, group]) => group.length > 0).map(([benefit, group]) => ({ benefit, plans: group }));
}

function PlanGroup({ benefit, plans }: { benefit: Benefit; plans: readonly EmployerPlanSummary[] }) {
  const [expanded, setExpanded] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = expanded ? plans : plans.slice(0, PLANS_SHOWN_PER_KIND);
  const label = planKind(benefit).label;

  // The button goes away as it is pressed: the focus moves on to the first plan it revealed.
  useEffect(() => {
    if (expanded) listRef.current?.children[PLANS_SHOWN_PER_KIND]?.querySelector('a')?.focus();
  }, [expanded]);

  return (
    <div className="plan-group">
      <h3>{label}</h3>
      <ul ref={listRef} className="plan-list">
        {shown.map((plan) => (
          <PlanRow key={plan.id} plan={plan} />
        ))}
      </ul>
      {shown.length < plans.length && (
        <button type="button" className="plan-group-more" onClick={() => setExpanded(true)}>
          Show all {plans.length} {label} plans
        </button>
      )}
    </div>
  );
}

function PlanRow({ plan }: { plan: EmployerPlanSummary }) {
  return (
    <li className="plan-row">
      <a href={hashOf({ name: 'plan', benefit: plan.benefit, id: plan.id })} data-plan-id={plan.id} data-benefit={plan.benefit} aria-keyshortcuts="Alt+R Alt+C">
        {plan.title}
      </a>
      <span>{plan.carrier}</span>
      <span className="muted">
        {plan.start_date} – {plan.end_date}
      </span>
    </li>
  );
}
