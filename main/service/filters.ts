import type { NamedRef } from '../../shared/resources/division.js';
import { listFilters } from '../store/filters-store.js';
import type { Caller } from './caller.js';
import type { ServiceContext } from './context.js';

export function listAccountFilters(context: ServiceContext, caller: Caller): Promise<NamedRef[]> {
  return listFilters(context.db, caller.accountId);
}
