/** A UUID's text, 8-4-4-4-12 hexadecimal digits, for building patterns that contain one. */
export const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A whole value that is a UUID, in either case: how the API accepts an id. */
export const UUID_PATTERN = new RegExp(`^${UUID_TEXT}$`, 'i');

/** The same in lower case only: how PlanDesk writes every id it makes or stores. */
export const LOWER_CASE_UUID_PATTERN = new RegExp(`^${UUID_TEXT}$`);
