import { isPostgres, sql, type Db } from './database.js';

/**
 * The statements of one transaction holding many writes, each in a savepoint of its own (the
 * server's group commit). SQLite takes its one write lock up front; PostgreSQL's writers share the
 * database and lock rows as they go.
 */
export function batchTransactionStatements(db: Db) {
  return {
    begin: sql(db, isPostgres(db) ? 'BEGIN' : 'BEGIN IMMEDIATE'),
    savepoint: sql(db, 'SAVEPOINT request'),
    release: sql(db, 'RELEASE request'),
    rollbackTo: sql(db, 'ROLLBACK TO request'),
    commit: sql(db, 'COMMIT'),
    rollback: sql(db, 'ROLLBACK'),
  };
}
