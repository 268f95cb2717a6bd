// Plan requests shared by the API tests of plans: a fresh valid body and an employer's plan lists.
import type { Benefit } from '../../shared/plans/index.js';
import { unique, type ApiHarness } from './api-server.js';
import { validPlanBody } from './fixtures.js';

/** A valid body of the kind for that employer, with a unique title and no prior-year plan. */
export function freshPlanBody(benefit: Benefit, employerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return validPlanBody(benefit, { employer: employerId, title: unique(`${benefit} `), from_plan: undefined, from_action: undefined, ...overrides });
}

/** The employer's `plans` and `plans_expired` as GET /employers/{id}/ answers them. */
export async function employerPlanLists(h: ApiHarness, employerId: string) {
  const body = (await h.request('GET', `/employers/${employerId}/`)).body;
  return { plans: body.plans as { benefit: string; id: string }[], plans_expired: body.plans_expired as { benefit: string; id: string }[] };
}
