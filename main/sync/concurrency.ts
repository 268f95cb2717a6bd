/**
 * Runs `work` on every item, at most `limit` at once. After a failure no further item starts; the
 * ones under way finish, so that nothing runs on once the caller has returned.
 */
export async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<{ results: (R | undefined)[]; failure?: { error: unknown } }> {
  const results = new Array<R | undefined>(items.length);
  let failure: { error: unknown } | undefined;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && !failure) {
        const index = next++;
        try {
          results[index] = await work(items[index]!);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  return failure ? { results, failure } : { results };
}
