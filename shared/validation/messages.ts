// The messages of Django REST Framework, which the hosted service runs on. Clients (and our own
// sync engine) recognise errors by these texts, so they are copied exactly where DRF has one.
export const messages = {
  required: 'This field is required.',
  notNull: 'This field may not be null.',
  blank: 'This field may not be blank.',
  notString: 'Not a valid string.',
  integer: 'A valid integer is required.',
  boolean: 'Must be a valid boolean.',
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  uuid: 'Must be a valid UUID.',
  invalidUuidItem: (input: unknown) => `${quoted(input)} is not a valid UUID.`,
  email: 'Enter a valid email address.',
  invalidEmailItem: (input: unknown) => `${quoted(input)} is not a valid email address.`,
  url: "Enter a valid URL starting with 'https://' or 'http://'.",
  notAList: (input: unknown) => `Expected a list of items but got type "${jsonTypeName(input)}".`,
  minValue: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  maxValue: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  maxItems: (max: number) => `Ensure this list has at most ${max} items.`,
  nullCharacters: 'Null characters are not allowed.',
  surrogateCharacter: (codeUnit: number) => `Surrogate characters are not allowed: U+${codeUnit.toString(16).toUpperCase()}.`,
  invalidChoice: (input: unknown) => `${quoted(input, '"')} is not a valid choice.`,
  duplicateItem: (item: unknown) => `${quoted(item)} appears more than once.`,
  doesNotExist: (id: unknown) => `Invalid pk ${quoted(id, '"')} - object does not exist.`,
  alreadyExists: (resource: string, field: string) => `${resource} with this ${field} already exists.`,
  notFound: 'Not found.',
  noCredentials: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  permissionDenied: 'You do not have permission to perform this action.',
  methodNotAllowed: (method: string) => `Method "${method}" not allowed.`,
  jsonParse: (reason: string) => `JSON parse error - ${reason}`,
  tooLarge: 'Request body too large.',
  unsupportedMediaType: (mediaType: string) => `Unsupported media type "${mediaType}" in request.`,
  throttled: (seconds: number) => `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

/**
 * A value as a message shows it: a string, number, boolean or null as its text between quotes; a
 * list or object by its type ("a value of type \"dict\""), never as "[object Object]" or a list
 * flattened into "1,2,3".
 */
export function quoted(input: unknown, mark = "'"): string {
  if (typeof input === 'object' && input !== null) return `a value of type "${jsonTypeName(input)}"`;
  return `${mark}${String(input)}${mark}`;
}

/** The type names DRF reports, which are Python's (a JSON object is a "dict"). */
export function jsonTypeName(input: unknown): string {
  if (input === null) return 'NoneType';
  if (Array.isArray(input)) return 'list';
  switch (typeof input) {
    case 'string':
      return 'str';
    case 'number':
      return Number.isInteger(input) ? 'int' : 'float';
    case 'boolean':
      return 'bool';
    case 'object':
      return 'dict';
    default:
      return typeof input;
  }
}
