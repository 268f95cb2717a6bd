// Frozen: a migration never changes once released; later schema changes are new migrations.
import { changesJournalTriggers } from './012-changes.js';

/**
 * The changes journal (migration 12) is kept only by a database `serve` serves: its triggers go
 * from every database here, and opening one as a server's puts them back (changes-journal.ts). A
 * workspace's writes no longer pay for a feed nobody reads from it.
 */
export const changesJournalOnServe = {
  version: 16,
  name: 'changes-journal-on-serve',
  sql: changesJournalTriggers.map((trigger) => `DROP TRIGGER ${trigger.name};`).join('\n'),
};
