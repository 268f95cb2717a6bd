/**
 * A parsed JSON value written as RFC 8785 (JSON Canonicalization Scheme) writes it: every object's
 * members sorted by their names' UTF-16 code units, arrays in their own order, no whitespace, and
 * strings and numbers as JSON.stringify writes them. Two spellings of one value (members in another
 * order, other whitespace or escapes, `1.0` for `1`) give one text. Recursive: the caller keeps
 * the value within the API's nesting limit (shared/validation/nesting.ts).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = value as Record<string, unknown>;
    const names = Object.keys(members).sort();
    return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson(members[name])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
