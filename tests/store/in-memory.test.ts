// A database in memory (what the schema tests open) is SQLite's ':memory:', never a file of that name.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { migrations } from '../../main/store/migrations/index.js';

let dir: string;
let cwd: string;

beforeEach(() => {
  cwd = process.cwd();
  dir = mkdtempSync(join(tmpdir(), 'plandesk-memory-'));
  process.chdir(dir);
});

afterEach(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

describe("openSqliteDatabase(':memory:')", () => {
  it('makes no file, and holds the whole schema with foreign keys enforced', () => {
    const db = openSqliteDatabase(':memory:');
    try {
      expect(existsSync(join(dir, ':memory:'))).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
      expect(db.memory).toBe(true);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      const applied = db.prepare('SELECT max(version) FROM schema_migrations').pluck().get();
      expect(applied).toBe(migrations.at(-1)!.version);
    } finally {
      db.close();
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
