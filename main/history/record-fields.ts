import type { Employer } from '../../shared/resources/employer.js';
import type { Division } from '../../shared/resources/division.js';
import type { User } from '../../shared/resources/user.js';
import { planKind, type Benefit } from '../../shared/plans/index.js';
import type { SqliteDb } from '../store/database.js';
import type { Entity } from '../store/entity.js';
import { currentDivision, currentEmployer, currentPlan, currentUser } from '../store/history-store.js';

export type RecordFields = Record<string, unknown>;

/*
 * The fields a record's history follows: what a person enters, as the API names them. Left out
 * are the id, bookkeeping the history entry carries itself (created/updated at and by), and what
 * other records or the clock decide (an employer's plan lists, a plan's status). A division's
 * employers are followed on each employer (`division`); a user's admin role, which the API does
 * not show, is followed as `is_admin`. The service gives them from what it answers (the builders
 * below); `recordFields` reads them for records the service did not write itself.
 */

export function employerFields(
  employer: Pick<Employer, 'name' | 'url' | 'size' | 'naics_codes' | 'location_states' | 'other_filters' | 'division'>,
): RecordFields {
  return {
    name: employer.name,
    url: employer.url,
    size: employer.size,
    naics_codes: employer.naics_codes,
    location_states: employer.location_states,
    other_filters: employer.other_filters,
    division: employer.division,
  };
}

/** Every field of the kind, in the kind's order. */
export function planFields(benefit: Benefit, values: Readonly<Record<string, unknown>>): RecordFields {
  const kind = planKind(benefit);
  const fields: RecordFields = kind.blankRecord();
  for (const name of kind.fieldNames) fields[name] = values[name] ?? null;
  return fields;
}

export function userFields(user: Pick<User, 'email' | 'first_name' | 'last_name' | 'division_ids'>, isAdmin: boolean): RecordFields {
  return { email: user.email, first_name: user.first_name, last_name: user.last_name, division_ids: user.division_ids, is_admin: isAdmin };
}

export function divisionFields(division: Pick<Division, 'name' | 'users'>): RecordFields {
  return { name: division.name, users: division.users };
}

/** The record's fields as the workspace now holds them; null when it does not exist. */
export function recordFields(db: SqliteDb, entity: Entity, id: string): RecordFields | null {
  switch (entity) {
    case 'employer': {
      const employer = currentEmployer(db, id);
      return employer ? employerFields({ ...employer, division: employer.division_id }) : null;
    }
    case 'plan': {
      const plan = currentPlan(db, id);
      return plan ? planFields(plan.benefit, plan.values) : null;
    }
    case 'user': {
      const user = currentUser(db, id);
      return user ? userFields(user, user.is_admin === 1) : null;
    }
    case 'division': {
      const division = currentDivision(db, id);
      return division ? divisionFields(division) : null;
    }
  }
}
