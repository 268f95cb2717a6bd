import type { Db } from './database.js';

/** The statements of one transaction holding many writes, each in a savepoint of its own (the server's group commit). */
export function batchTransactionStatements(db: Db) {
  return {
    begin: db.prepare('BEGIN IMMEDIATE'),
    savepoint: db.prepare('SAVEPOINT request'),
    release: db.prepare('RELEASE request'),
    rollbackTo: db.prepare('ROLLBACK TO request'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  };
}
