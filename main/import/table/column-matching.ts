import { ImportInputError } from './import-input-error.js';
import type { ColumnMapping } from '../../../shared/import-table.js';
import type { ImportField } from './import-fields.js';

/** Case, spaces, underscores and hyphens ignored: `Start date`, `start_date` and `START-DATE` are one. */
export function comparable(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * Each column's field: by the field's name or its form label. A column no field answers to, or
 * one whose field an earlier column already took, is left out (null).
 */
function matchColumns(headers: readonly string[], fields: readonly ImportField[]): ColumnMapping {
  const byName = new Map<string, string>();
  for (const field of fields) {
    byName.set(comparable(field.name), field.name);
    if (!byName.has(comparable(field.label))) byName.set(comparable(field.label), field.name);
  }
  const taken = new Set<string>();
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    if (header === '' || Object.hasOwn(mapping, header)) continue;
    const field = byName.get(comparable(header));
    mapping[header] = field !== undefined && !taken.has(field) ? field : null;
    if (field !== undefined) taken.add(field);
  }
  return mapping;
}

/**
 * The automatic matches with the remembered ones laid over them, then the person's choices.
 * A field chosen for one column leaves the column that had it. Throws when a choice names a
 * column the sheet lacks or a field the kind lacks.
 */
export function resolveMapping(headers: readonly string[], fields: readonly ImportField[], layers: readonly (ColumnMapping | undefined)[]): ColumnMapping {
  const mapping = matchColumns(headers, fields);
  const fieldNames = new Set(fields.map((field) => field.name));
  for (const layer of layers) {
    for (const [column, field] of Object.entries(layer ?? {})) {
      if (!Object.hasOwn(mapping, column)) throw new ImportInputError(`no column "${column}" in the sheet (columns: ${headers.filter(Boolean).join(', ')})`);
      if (field !== null && !fieldNames.has(field))
        throw new ImportInputError(`"${field}" is not a field of this kind (fields: ${[...fieldNames].join(', ')})`);
      if (field !== null) for (const [other, otherField] of Object.entries(mapping)) if (otherField === field && other !== column) mapping[other] = null;
      mapping[column] = field;
    }
  }
  return mapping;
}
