/** A file or a column match the person has to fix (unreadable file, unknown sheet, column or field): its message says how. */
export class ImportInputError extends Error {}
