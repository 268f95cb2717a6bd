// Frozen: a migration never changes once released; later schema changes are new migrations.
export const environmentFlags = {
  version: 7,
  name: 'environment-flags',
  sql: `
ALTER TABLE environments ADD COLUMN production INTEGER NOT NULL DEFAULT 0 CHECK (production IN (0, 1));
`,
};
