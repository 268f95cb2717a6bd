import { isBenefit, type Benefit } from '../../shared/plans/benefits.js';
import { ApiError } from './api-error.js';
import type { Caller } from './caller.js';
import type { ServiceContext } from './context.js';
import { readDivision, removeDivision, replaceDivision } from './divisions.js';
import { getEmployer, removeEmployer, replaceEmployer } from './employers.js';
import { readPlan, removePlan, replacePlan } from './plans.js';
import { readUser, removeUser, replaceUser } from './users.js';

/** A record as the application names it: its entity and id, and for a plan its kind. */
export type RecordRef = { entity: 'employer' | 'user' | 'division'; id: string } | { entity: 'plan'; benefit: Benefit; id: string };

type ApiRecord = Record<string, unknown>;

const COLLECTIONS = { employers: 'employer', users: 'user', divisions: 'division' } as const;

/**
 * The record at its API path (/employers/<id>/, /plans/<benefit>/<id>/, /users/<id>/,
 * /divisions/<id>/): the address the outbox and the local records index keep.
 */
export function recordAt(path: string): RecordRef {
  const parts = path.split('/').filter((part) => part !== '');
  const [collection, second, third] = parts;
  if (collection === 'plans' && parts.length === 3 && isBenefit(second!)) return { entity: 'plan', benefit: second, id: third! };
  if (parts.length === 2 && collection !== undefined && collection in COLLECTIONS) {
    return { entity: COLLECTIONS[collection as keyof typeof COLLECTIONS], id: second! };
  }
  throw new Error(`${path} is not the path of a record`);
}

/** The record as the API answers it; undefined when it does not exist (or the caller cannot see it). */
export async function readRecord(context: ServiceContext, caller: Caller, ref: RecordRef): Promise<ApiRecord | undefined> {
  try {
    switch (ref.entity) {
      case 'employer':
        return (await getEmployer(context, caller, ref.id)) as unknown as ApiRecord;
      case 'plan':
        return (await readPlan(context, caller, ref.benefit, ref.id)) as unknown as ApiRecord;
      case 'user':
        return (await readUser(context, caller, ref.id)) as unknown as ApiRecord;
      case 'division':
        return (await readDivision(context, caller, ref.id)) as unknown as ApiRecord;
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Replaces the record with `body` as the API's PUT does (same rules, journaled the same); throws ApiError when refused. */
export async function replaceRecord(context: ServiceContext, caller: Caller, ref: RecordRef, body: ApiRecord): Promise<ApiRecord> {
  switch (ref.entity) {
    case 'employer':
      return (await replaceEmployer(context, caller, ref.id, body)) as unknown as ApiRecord;
    case 'plan':
      return (await replacePlan(context, caller, ref.benefit, ref.id, body)) as unknown as ApiRecord;
    case 'user':
      return (await replaceUser(context, caller, ref.id, body)) as unknown as ApiRecord;
    case 'division':
      return (await replaceDivision(context, caller, ref.id, body)) as unknown as ApiRecord;
  }
}

/** Deletes the record as the API's DELETE does (same rules, journaled the same); throws ApiError when refused. */
export function removeRecord(context: ServiceContext, caller: Caller, ref: RecordRef): Promise<void> {
  switch (ref.entity) {
    case 'employer':
      return removeEmployer(context, caller, ref.id);
    case 'plan':
      return removePlan(context, caller, ref.benefit, ref.id);
    case 'user':
      return removeUser(context, caller, ref.id);
    case 'division':
      return removeDivision(context, caller, ref.id);
  }
}
