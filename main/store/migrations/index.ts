import { initial } from './001-initial.js';
import { sync } from './002-sync.js';
import { drafts } from './003-drafts.js';
import { tokens } from './004-tokens.js';
import { history } from './005-history.js';
import { syncDecisions } from './006-sync-decisions.js';
import { environmentFlags } from './007-environment-flags.js';
import { enrollment } from './008-enrollment.js';
import { importMappings } from './009-import-mappings.js';
import { syncFlights } from './010-sync-flights.js';
import { checkComparisons } from './011-check-comparisons.js';
import { changes } from './012-changes.js';
import { pull } from './013-pull.js';
import { outboxSource } from './014-outbox-source.js';
import { conflictVersion } from './015-conflict-version.js';
import { changesJournalOnServe } from './016-changes-journal-on-serve.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration the code knows, in the order they apply. */
export const migrations: readonly Migration[] = [
  initial,
  sync,
  drafts,
  tokens,
  history,
  syncDecisions,
  environmentFlags,
  enrollment,
  importMappings,
  syncFlights,
  checkComparisons,
  changes,
  pull,
  outboxSource,
  conflictVersion,
  changesJournalOnServe,
];
