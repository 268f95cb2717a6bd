import { addError, type FieldErrors } from '../../../shared/validation/errors.js';
import { readEmployerSize } from '../../../shared/forms/employer-size.js';
import { parseEmployer } from '../../../shared/resources/employer.js';
import { cellList } from './cell-lists.js';
import type { NameIndex } from './references.js';

export interface EmployerReferences {
  divisions: NameIndex;
  filters: NameIndex;
}

export interface RowBody {
  body: Record<string, unknown>;
  errors: FieldErrors;
}

/**
 * An employer request body from a row's cells (by field), checked with the employer form's schema.
 * Divisions and filters may be named by name or id; without a division column, the only division
 * the person holds is meant.
 */
export function employerRowBody(cells: Readonly<Record<string, string>>, references: EmployerReferences): RowBody {
  const errors: FieldErrors = {};
  const body: Record<string, unknown> = {};
  for (const field of ['name', 'url'] as const) if (cells[field]) body[field] = cells[field];
  const size = readEmployerSize(cells.size ?? '');
  if (cells.size) body.size = size.ok ? size.value : cells.size;
  body.naics_codes = cellList(cells.naics_codes ?? '');
  body.location_states = cellList(cells.location_states ?? '').map((state) => state.toUpperCase());
  body.other_filters = [];
  for (const name of cellList(cells.other_filters ?? '')) {
    const found = references.filters.resolve(name);
    if ('id' in found) (body.other_filters as string[]).push(found.id);
    else addError(errors, 'other_filters', found.error);
  }
  const division = cells.division ? references.divisions.resolve(cells.division) : soleDivision(references.divisions);
  if (division && 'id' in division) body.division = division.id;
  else if (division) addError(errors, 'division', division.error);
  const parsed = parseEmployer(body);
  if (!parsed.ok) for (const [field, messages] of Object.entries(parsed.errors)) if (!errors[field]) errors[field] = messages;
  // What is wrong with the count, in its words, in place of the schema's message (and in its place among the fields).
  if (!size.ok) errors.size = [size.problem];
  return { body, errors };
}

function soleDivision(divisions: NameIndex): { id: string } | undefined {
  const id = divisions.sole();
  return id !== undefined ? { id } : undefined;
}
