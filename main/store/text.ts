/**
 * Case-insensitive comparison beyond ASCII. SQLite's NOCASE folds only A-Z, so "Société" and
 * "SOCIÉTÉ" would pass as different names; lookups that the rules call case-insensitive (employer
 * name, user e-mail) fall back to this fold for text that is not plain ASCII.
 */
export function foldCase(text: string): string {
  return text.toUpperCase().toLowerCase();
}

export function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

/** SQL condition true for a column holding any non-ASCII character (UTF-8 bytes outnumber characters). */
export const NON_ASCII = (column: string) => `length(CAST(${column} AS BLOB)) <> length(${column})`;
