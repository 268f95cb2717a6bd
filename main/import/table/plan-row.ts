import { readPlanForm } from '../../../shared/forms/plan-form.js';
import { planKind, type Benefit } from '../../../shared/plans/index.js';
import { addError, type FieldErrors } from '../../../shared/validation/errors.js';
import type { FieldSpec } from '../../../shared/validation/fields.js';
import { comparable } from './column-matching.js';
import type { RowBody } from './employer-row.js';
import type { NameIndex } from './references.js';

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/**
 * A plan request body from a row's cells (by field), read as the plan form reads what a broker
 * types (money as "$1,200", dates as "1/1/2027"...) and checked with the same schema. The employer
 * is named by name or id. A blank cell in a column of an optional field means "none".
 */
export function planRowBody(benefit: Benefit, cells: Readonly<Record<string, string>>, employers: NameIndex): RowBody {
  const kind = planKind(benefit);
  const values: Record<string, string> = {};
  const none: Record<string, boolean> = {};
  for (const [field, cell] of Object.entries(cells)) {
    const spec = kind.fields[field];
    if (!spec) continue;
    if (cell === '') none[field] = spec.presence !== 'required';
    else values[field] = formText(spec, cell);
  }
  const errors: FieldErrors = {};
  if (cells.employer) {
    const employer = employers.resolve(cells.employer);
    if ('id' in employer) values.employer = employer.id;
    else addError(errors, 'employer', employer.error);
  }
  const read = readPlanForm(benefit, { values, none });
  for (const [field, messages] of Object.entries(read.errors)) if (!errors[field]) errors[field] = messages;
  const { body } = read;
  return { body, errors };
}

/** A cell as the form would hold it: yes/no as true/false, a choice in any case as the choice. */
function formText(spec: FieldSpec, cell: string): string {
  if (spec.type === 'bool') {
    const word = cell.toLowerCase();
    return TRUE_WORDS.has(word) ? 'true' : FALSE_WORDS.has(word) ? 'false' : cell;
  }
  if (spec.type === 'choice') return spec.choices.find((choice) => comparable(choice) === comparable(cell)) ?? cell;
  return cell;
}
