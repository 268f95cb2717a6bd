// Frozen: a migration never changes once released; later schema changes are new migrations.
export const drafts = {
  version: 3,
  name: 'drafts',
  sql: `
CREATE TABLE drafts (
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL,
  title TEXT NOT NULL,
  detail TEXT NOT NULL,
  state TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX drafts_updated ON drafts(updated_at);
`,
};
