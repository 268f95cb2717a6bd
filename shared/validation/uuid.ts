/** A UUID as 8-4-4-4-12 hexadecimal digits, in either case: how the API accepts an id. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same in lower case only: how PlanDesk writes every id it makes or stores. */
export const LOWER_CASE_UUID_PATTERN = new RegExp(UUID_PATTERN.source);
