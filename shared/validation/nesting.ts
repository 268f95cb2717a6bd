/**
 * How deep lists and objects may nest in what a client sends: no request body of the API nests
 * deeper than 3 levels, nor a draft's form state much deeper; this leaves room. A value nested
 * deeper is refused before anything walks it: validation messages render values, zod's JSON schema
 * and an Idempotency-Key's fingerprint walk them, and JSON.stringify serialises them, all
 * recursively, so a value nested thousands deep would overflow the stack and fail as a server error.
 */
export const MAX_NESTING = 64;

/** Whether lists and objects nest in `value` deeper than MAX_NESTING, counted without recursion. */
export function nestsTooDeep(value: unknown): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    const level = depth + 1;
    if (level > MAX_NESTING) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) pending.push([child, level]);
  }
  return false;
}
