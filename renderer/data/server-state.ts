import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Benefit } from '../../shared/plans/benefits';
import type { Employer, EmployerPlanSummary, EmployerSummary } from '../../shared/resources/employer';
import type { Page } from '../../shared/resources/page';
import { api, failureMessage, type ApiResult } from '../api/api';
import { bridge } from '../bridge/bridge';
import { PROVENANCE_KEY } from './provenance';
import { queryClient } from './query-client';

/** A service answer that was not a success, kept with its status so a screen can word a 404 its own way. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function bodyOf<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new ServiceError(failureMessage(result), result.status);
  return result.body;
}

/** A plan as stored, with its kind. */
export type StoredPlan = Record<string, unknown> & {
  id: string;
  benefit: Benefit;
  title: string;
  carrier: string;
  start_date: string;
  end_date: string;
  status: string;
};

const keys = {
  employers: ['employers'] as const,
  summaries: ['employers', 'summaries'] as const,
  firstSummaries: ['employers', 'summaries', 'first'] as const,
  employer: (id: string) => ['employers', 'one', id] as const,
  employerPlans: (id: string) => ['employers', 'plans', id] as const,
  plans: ['plans'] as const,
  plan: (benefit: Benefit, id: string) => ['plans', benefit, id] as const,
  environments: ['environments'] as const,
};

const summariesQuery = queryOptions({
  queryKey: keys.summaries,
  queryFn: () => bodyOf(api.get<EmployerSummary[]>('/employers/summaries/')),
});

/** More rows than the tallest screen shows: the list's first screenful, with the total. */
export const FIRST_WINDOW = 50;

const firstSummariesQuery = queryOptions({
  queryKey: keys.firstSummaries,
  queryFn: () => bodyOf(api.get<Page<EmployerSummary>>(`/employers/summaries/?limit=${FIRST_WINDOW}`)),
});

const employerPlansQuery = (id: string) =>
  queryOptions({
    queryKey: keys.employerPlans(id),
    queryFn: () => bodyOf(api.get<EmployerPlanSummary[]>(`/employers/${id}/plans/`)),
  });

const employerQuery = (id: string) =>
  queryOptions({
    queryKey: keys.employer(id),
    queryFn: () => bodyOf(api.get<Employer>(`/employers/${id}/`)),
  });

const planQuery = (benefit: Benefit, id: string) =>
  queryOptions({
    queryKey: keys.plan(benefit, id),
    queryFn: async (): Promise<StoredPlan> =>
      ({
        ...(await bodyOf(api.get<Record<string, unknown>>(`/plans/${benefit}/${id}/`))),
        benefit,
      }) as StoredPlan,
  });

const environmentsQuery = queryOptions({
  queryKey: keys.environments,
  queryFn: () => bridge.environments(),
});

/** The employer list as far as it has arrived. */
export interface EmployerSummaries {
  /** By name: the first window until every row is in; undefined until the first window is. */
  rows: EmployerSummary[] | undefined;
  /** How many employers there are in all, known from the first window on. */
  total: number | undefined;
  /** Every row is in `rows`. */
  complete: boolean;
  /** Why nothing could be loaded, or (with rows shown) why the rest could not. */
  error: Error | null;
  retry(): void;
}

/**
 * The employer list, first screenful first: a window of rows with the total, then every row in the
 * background (search and filters need them all). Once every row is cached the window is not asked for.
 */
export function useEmployerSummaries(): EmployerSummaries {
  const first = useQuery({ ...firstSummariesQuery, enabled: () => queryClient.getQueryData(keys.summaries) === undefined }, queryClient);
  const every = useQuery({ ...summariesQuery, enabled: (query) => query.state.data !== undefined || first.isFetched }, queryClient);
  return {
    rows: every.data ?? first.data?.results,
    total: every.data?.length ?? first.data?.count,
    complete: every.data !== undefined,
    error: every.data ? null : (every.error ?? first.error),
    retry: () => {
      if (!first.data) void first.refetch();
      void every.refetch();
    },
  };
}
export const useEmployer = (id: string) => useQuery(employerQuery(id), queryClient);
export const usePlan = (benefit: Benefit, id: string) => useQuery(planQuery(benefit, id), queryClient);
/** The employer's plans of every kind, as its page lists them, in one request. */
export const useEmployerPlans = (id: string) => useQuery(employerPlansQuery(id), queryClient);
/** The sync environments with how many changes wait for each (the queue's state). */
export const useEnvironments = () => useQuery(environmentsQuery, queryClient);

/** The employer as stored (a form's starting values). */
export const fetchEmployer = (id: string) => queryClient.fetchQuery(employerQuery(id));

/** The employer and every plan of it, active and expired, as stored now (plans that cannot be read are left out). */
export async function fetchEmployerPlans(employerId: string): Promise<{ employer: Employer; plans: StoredPlan[] }> {
  const employer = await queryClient.fetchQuery(employerQuery(employerId));
  const refs = [...employer.plans, ...employer.plans_expired];
  const plans = await Promise.allSettled(refs.map((ref) => queryClient.fetchQuery(planQuery(ref.benefit, ref.id))));
  return {
    employer,
    plans: plans.flatMap((plan) => (plan.status === 'fulfilled' ? [plan.value] : [])),
  };
}

/**
 * After a write or a sync: employers and plans are read afresh (a sync may reconcile records) and
 * so are the queue, which a write grows and a sync drains, and where records came from (a write
 * makes one "changed here"). The employer list, where the broker goes
 * back to, is fetched at once even when no screen shows it, so its plan counts are current there.
 */
export async function invalidateServerState(): Promise<void> {
  await Promise.all([keys.employers, keys.plans, keys.environments, PROVENANCE_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  await queryClient.prefetchQuery(summariesQuery);
}
