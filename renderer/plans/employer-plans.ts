import type { Employer } from '../../shared/resources/employer';
import type { Benefit } from '../../shared/plans/index';
import { api, failureMessage } from '../api/api';

/** A plan of the employer as stored, with its kind. */
type StoredPlan = Record<string, unknown> & { id: string; benefit: Benefit; title: string; carrier: string; start_date: string; end_date: string; status: string };

export type EmployerPlans = { ok: true; employer: Employer; plans: StoredPlan[] } | { ok: false; message: string };

/** The employer and every plan of it, active and expired, as stored now. */
export async function fetchEmployerPlans(employerId: string): Promise<EmployerPlans> {
  const employer = await api.get<Employer>(`/employers/${employerId}/`);
  if (!employer.ok) return { ok: false, message: failureMessage(employer) };
  const refs = [...employer.body.plans, ...employer.body.plans_expired];
  const plans = await Promise.all(refs.map((ref) => api.get<Record<string, unknown>>(`/plans/${ref.benefit}/${ref.id}/`)));
  return {
    ok: true,
    employer: employer.body,
    plans: plans.flatMap((plan, index) => (plan.ok ? [{ ...plan.body, benefit: refs[index]!.benefit } as StoredPlan] : [])),
  };
}
