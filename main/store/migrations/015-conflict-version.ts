// Frozen: a migration never changes once released; later schema changes are new migrations.
/**
 * A conflict keeps the version of the remote record it is about (the version a push's 412 or read,
 * or a pull, met there, and then the one the conflict was last shown with): "keep this computer's"
 * sends the local values only over that version, so a change made there after it comes back as a
 * conflict instead of being overwritten unseen. A decision to keep a delete made here of a record
 * whose delete takes others with it there (an employer's plans) keeps the version of those, as the
 * decision met them: the delete goes only while they are still so.
 */
export const conflictVersion = {
  version: 15,
  name: 'conflict-version',
  sql: `
ALTER TABLE record_sync ADD COLUMN conflict_remote_version TEXT;
ALTER TABLE sync_decisions ADD COLUMN accepted_version TEXT;
`,
};
