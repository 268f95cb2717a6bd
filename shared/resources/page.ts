/**
 * A window of a long list, as DRF's limit/offset pagination answers it: how many rows there are in
 * all, the paths of the windows before and after this one (null at either end), and this window's rows.
 */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
