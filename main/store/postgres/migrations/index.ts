import type { Migration } from '../../migrations/index.js';
import { records } from './001-records.js';
import { planKinds } from './002-plan-kinds.js';
import { changes } from './003-changes.js';
import { rateLimits } from './004-rate-limits.js';
import { appendOnlyChanges } from './005-append-only-changes.js';
import { journalCompactionPosition } from './006-journal-compaction-position.js';

/** Every PostgreSQL migration the code knows, in the order they apply (their own list: see 001-records.ts). */
export const postgresMigrations: readonly Migration[] = [records, planKinds, changes, rateLimits, appendOnlyChanges, journalCompactionPosition];
