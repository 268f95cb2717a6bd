// One statement text for both dialects: SQLite's parameters as PostgreSQL numbers them.
import { describe, expect, it } from 'vitest';
import { translatePlaceholders } from '../../main/store/postgres/placeholders.js';

describe('a statement written for SQLite, as PostgreSQL takes it', () => {
  it('numbers ? parameters in order', () => {
    expect(translatePlaceholders('SELECT id FROM plans WHERE employer_id = ? AND title = ? COLLATE NOCASE')).toEqual({
      text: 'SELECT id FROM plans WHERE employer_id = $1 AND title = $2 COLLATE NOCASE',
      names: undefined,
    });
  });

  it('numbers @name parameters once per name, and names them in that order', () => {
    expect(translatePlaceholders('UPDATE tokens SET last_used_at = @at WHERE id = @id AND (last_used_at IS NULL OR last_used_at < @at)')).toEqual({
      text: 'UPDATE tokens SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $1)',
      names: ['at', 'id'],
    });
  });

  it('leaves quoted text, quoted names and comments as they are', () => {
    const text = `SELECT '?', 'it''s @here', "odd?name" FROM t -- what? @nothing\nWHERE a = ? AND b = 'x'`;
    expect(translatePlaceholders(text).text).toBe(`SELECT '?', 'it''s @here', "odd?name" FROM t -- what? @nothing\nWHERE a = $1 AND b = 'x'`);
  });

  it('refuses a statement that mixes both kinds', () => {
    expect(() => translatePlaceholders('SELECT * FROM t WHERE a = ? AND b = @b')).toThrow(/mixes \? and @name/);
  });
});
