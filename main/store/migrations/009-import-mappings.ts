// Frozen: a migration never changes once released; later schema changes are new migrations.
export const importMappings = {
  version: 9,
  name: 'import-mappings',
  sql: `
CREATE TABLE import_mappings (
  kind TEXT NOT NULL,
  headers TEXT NOT NULL,
  mapping TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (kind, headers)
) STRICT;
`,
};
