/**
 * No request body of the API nests deeper than 3 levels; this leaves room. A body nested deeper is
 * refused before anything walks it: validation messages render values (String(), JSON.stringify)
 * and an Idempotency-Key's fingerprint serialises the body, all recursively, and a value nested
 * thousands deep would overflow the stack and answer 500 instead of 400.
 */
export const MAX_BODY_DEPTH = 64;

/** Whether arrays and objects nest in `body` deeper than MAX_BODY_DEPTH, counted without recursion. */
export function nestsTooDeep(body: unknown): boolean {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    const level = depth + 1;
    if (level > MAX_BODY_DEPTH) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) pending.push([child, level]);
  }
  return false;
}
