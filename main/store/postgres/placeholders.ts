/**
 * A statement written for both dialects, as PostgreSQL takes it: SQLite's `?` (positional) and
 * `@name` (named) parameters become `$1`, `$2`...; a name used twice is one parameter. Quoted text,
 * quoted names and comments are left as they are.
 */
export interface Translated {
  text: string;
  /** For named parameters, the name of each `$n` in order; undefined when the statement uses `?`. */
  names: string[] | undefined;
}

export function translatePlaceholders(sql: string): Translated {
  let out = '';
  let positional = 0;
  const names: string[] = [];
  let index = 0;
  while (index < sql.length) {
    const char = sql[index]!;
    if (char === "'" || char === '"') {
      const end = closingQuote(sql, index, char);
      out += sql.slice(index, end);
      index = end;
    } else if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(index, stop);
      index = stop;
    } else if (char === '?') {
      out += `$${++positional}`;
      index += 1;
    } else if (char === '@' && /[A-Za-z_]/.test(sql[index + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(index + 1))![0];
      let number = names.indexOf(name) + 1;
      if (number === 0) number = names.push(name);
      out += `$${number}`;
      index += 1 + name.length;
    } else {
      out += char;
      index += 1;
    }
  }
  if (positional > 0 && names.length > 0) throw new Error(`a statement mixes ? and @name parameters: ${sql}`);
  return { text: out, names: names.length > 0 ? names : undefined };
}

/** The index just past the quote closing the one at `start` (a doubled quote is part of the text). */
function closingQuote(sql: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < sql.length) {
    if (sql[index] === quote) {
      if (sql[index + 1] !== quote) return index + 1;
      index += 2;
    } else index += 1;
  }
  return sql.length;
}
