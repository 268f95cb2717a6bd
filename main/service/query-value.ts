/** A query parameter as DRF's `request.query_params.get` reads it: the last of repeated values; null when absent. */
export function queryValue(query: URLSearchParams, name: string): string | null {
  return query.getAll(name).at(-1) ?? null;
}
