import { planKind, type Benefit } from '../../shared/plans/index.js';
import { EMPLOYER_FIELDS } from '../../shared/resources/employer.js';
import type { Entity } from '../service/context.js';
import { sql, type Db } from '../store/database.js';
import { filterMappings } from './environments.js';
import { remoteIdOf } from './state.js';

/** A reference the remote cannot be given yet: the record it names has no remote id there. */
export class MissingDependency extends Error {
  constructor(readonly localId: string, readonly what: string) {
    super(`waiting for ${what} ${localId} to reach the remote first`);
  }
}

/** A reference that can never be mapped without a person's help (e.g. a filter with no counterpart). */
export class UnmappableReference extends Error {}

export interface RemoteDescription {
  /** Where to POST a new record. */
  collection: string;
  /** The remote record's own path once its id is known. */
  path: (remoteId: string) => string;
  /** The body with every reference rewritten to the remote's ids. */
  payload: Record<string, unknown>;
  /** Local ids the record refers to, which must be on the remote first. */
  dependencies: string[];
}

export interface MappingContext {
  db: Db;
  env: string;
  /** Remote filter ids by name, from GET /filters/list/ when the remote offers it. */
  remoteFilters: Map<string, string> | undefined;
}

function mapped(context: MappingContext, localId: string, what: string): string {
  const remoteId = remoteIdOf(context.db, context.env, localId);
  if (remoteId === undefined) throw new MissingDependency(localId, what);
  return remoteId;
}

function mapFilter(context: MappingContext, localId: string): string {
  const name = sql(context.db, 'SELECT name FROM filters WHERE id = ?').pluck().get(localId) as string | undefined;
  if (name === undefined) throw new UnmappableReference(`filter ${localId} does not exist locally`);
  const remoteId = context.remoteFilters?.get(name) ?? filterMappings(context.db, context.env).get(name);
  if (remoteId === undefined) {
    throw new UnmappableReference(`filter '${name}' has no counterpart on ${context.env}; map it with \`plandesk env map-filter ${context.env} --filter "${name}" --remote-id ID\``);
  }
  return remoteId;
}

/** Builds what the remote needs from the local record as the local service returns it. */
export function describeForRemote(context: MappingContext, entity: Entity, local: Record<string, unknown>): RemoteDescription {
  switch (entity) {
    case 'division': {
      const memberIds = (local.users as string[]).map((email) => sql(context.db, 'SELECT id FROM users WHERE email = ? COLLATE NOCASE').pluck().get(email) as string | undefined);
      return {
        collection: '/divisions/',
        path: (id) => `/divisions/${id}/`,
        payload: {
          name: local.name,
          // Members and employers the remote does not know yet join later, when they are pushed.
          users: (local.users as string[]).filter((_, index) => memberIds[index] !== undefined && remoteIdOf(context.db, context.env, memberIds[index]!) !== undefined),
          employer_ids: (local.employer_ids as string[]).map((id) => remoteIdOf(context.db, context.env, id)).filter((id): id is string => id !== undefined),
        },
        dependencies: [],
      };
    }
    case 'user':
      return {
        collection: '/users/',
        path: (id) => `/users/${id}/`,
        payload: {
          email: local.email, first_name: local.first_name, last_name: local.last_name,
          division_ids: (local.division_ids as string[]).map((id) => mapped(context, id, 'division')),
        },
        dependencies: local.division_ids as string[],
      };
    case 'employer': {
      const payload: Record<string, unknown> = {};
      for (const field of EMPLOYER_FIELDS) payload[field] = local[field];
      payload.division = mapped(context, local.division as string, 'division');
      payload.other_filters = (local.other_filters as string[]).map((id) => mapFilter(context, id));
      return { collection: '/employers/', path: (id) => `/employers/${id}/`, payload, dependencies: [local.division as string] };
    }
    case 'plan': {
      const benefit = benefitOfPlan(context.db, local.id as string);
      const payload: Record<string, unknown> = {};
      for (const field of Object.keys(planKind(benefit).fields)) payload[field] = local[field];
      payload.employer = mapped(context, local.employer as string, 'employer');
      const dependencies = [local.employer as string];
      if (local.from_plan) {
        payload.from_plan = mapped(context, local.from_plan as string, 'prior-year plan');
        dependencies.push(local.from_plan as string);
      }
      return { collection: `/plans/${benefit}/`, path: (id) => `/plans/${benefit}/${id}/`, payload, dependencies };
    }
  }
}

function benefitOfPlan(db: Db, id: string): Benefit {
  return sql(db, 'SELECT benefit FROM plans WHERE id = ?').pluck().get(id) as Benefit;
}

/** The fields where a remote record differs from what we sent; lists compare as sets. */
export function differences(sent: Record<string, unknown>, remote: Record<string, unknown>): string[] {
  const normal = (value: unknown): string => {
    if (Array.isArray(value)) return JSON.stringify(value.map((item) => normal(item)).sort());
    if (typeof value === 'string') return JSON.stringify(value.trim().toLowerCase());
    return JSON.stringify(value ?? null);
  };
  return Object.keys(sent).filter((field) => normal(sent[field]) !== normal(remote[field]));
}
