import type { Page } from '../../shared/resources/page.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { invalid } from './api-error.js';
import { queryValue } from './query-value.js';

/** Not DRF's (which ignores such an offset): an offset alone would silently answer every row. */
const OFFSET_WITHOUT_LIMIT = 'An offset needs a limit.';
/** Far beyond any list's length; keeps the number exact and SQLite's argument an integer. */
const MAX_WINDOW_VALUE = 1_000_000_000;

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * `?limit=&offset=` as DRF's limit/offset pagination reads them: no `limit` means the whole list
 * (undefined); `offset` defaults to 0. Unlike DRF, a value that is not a whole number in range is
 * refused (400) rather than quietly replaced by the default.
 */
export function pageWindow(query: URLSearchParams): PageWindow | undefined {
  const limit = queryValue(query, 'limit');
  const offset = queryValue(query, 'offset');
  const errors: FieldErrors = {};
  if (limit === null) {
    if (offset !== null) addError(errors, 'offset', OFFSET_WITHOUT_LIMIT);
    if (hasErrors(errors)) throw invalid(errors);
    return undefined;
  }
  const window = { limit: wholeNumber(limit, 1, 'limit', errors), offset: offset === null ? 0 : wholeNumber(offset, 0, 'offset', errors) };
  if (hasErrors(errors)) throw invalid(errors);
  return window;
}

function wholeNumber(text: string, min: number, field: string, errors: FieldErrors): number {
  const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(value)) addError(errors, field, messages.integer);
  else if (value < min) addError(errors, field, messages.minValue(min));
  else if (value > MAX_WINDOW_VALUE) addError(errors, field, messages.maxValue(MAX_WINDOW_VALUE));
  return value;
}

/** The window's rows with the total and the paths of its neighbours. */
export function pageOf<T>(path: string, window: PageWindow, count: number, results: T[]): Page<T> {
  const at = (offset: number) => `${path}?limit=${window.limit}${offset > 0 ? `&offset=${offset}` : ''}`;
  return {
    count,
    next: window.offset + window.limit < count ? at(window.offset + window.limit) : null,
    previous: window.offset > 0 ? at(Math.max(0, window.offset - window.limit)) : null,
    results,
  };
}
