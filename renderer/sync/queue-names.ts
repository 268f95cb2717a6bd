import type { SyncQueueRow } from '../../shared/bridge';

/**
 * A queued record as a person tells it from the others: a plan with its employer, "Globex / Dental
 * DPPO 2026" (as the inspector searches), a deleted record by what it was last called.
 */
export const queueName = (row: Pick<SyncQueueRow, 'name' | 'employer'>): string => (row.employer === null ? row.name : `${row.employer} / ${row.name}`);
