import type { Entity } from '../service/context.js';
import type { Db } from '../store/database.js';
import { getDivisionRow, memberEmails } from '../store/divisions-store.js';
import { getEmployerLists, getEmployerRow } from '../store/employers-store.js';
import { getPlan, getPlanHeader } from '../store/plans-store.js';
import { getUserRow, userDivisionIds } from '../store/users-store.js';

export type RecordFields = Record<string, unknown>;

/**
 * The fields a record's history follows: what a person enters, as the API names them. Left out
 * are the id, bookkeeping the history entry carries itself (created/updated at and by), and what
 * other records or the clock decide (an employer's plan lists, a plan's status). A division's
 * employers are followed on each employer (`division`); a user's admin role, which the API does
 * not show, is followed as `is_admin`. Null when the record does not exist.
 */
export function recordFields(db: Db, entity: Entity, id: string): RecordFields | null {
  switch (entity) {
    case 'employer': {
      const row = getEmployerRow(db, id);
      if (!row) return null;
      const lists = getEmployerLists(db, id);
      return {
        name: row.name, url: row.url, size: row.size, naics_codes: lists.naics_codes, location_states: lists.location_states,
        other_filters: lists.other_filters, division: row.division_id,
      };
    }
    case 'plan': {
      const header = getPlanHeader(db, id);
      return header ? { ...getPlan(db, header.benefit, id)!.values } : null;
    }
    case 'user': {
      const row = getUserRow(db, id);
      if (!row) return null;
      return {
        email: row.email, first_name: row.first_name, last_name: row.last_name, division_ids: userDivisionIds(db, id), is_admin: row.is_admin === 1,
      };
    }
    case 'division': {
      const row = getDivisionRow(db, id);
      return row ? { name: row.name, users: memberEmails(db, id) } : null;
    }
  }
}

