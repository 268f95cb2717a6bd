import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportError, ImportKind } from '../../../shared/import-table.js';
import type { FieldErrors } from '../../../shared/validation/errors.js';
import { listHeldDivisions } from '../../service/divisions.js';
import { listEmployersPage } from '../../service/employers.js';
import { listAccountFilters } from '../../service/filters.js';
import type { Workspace } from '../../workspace/workspace.js';
import { employerRowBody, type RowBody } from './employer-row.js';
import { planRowBody } from './plan-row.js';
import { NameIndex } from './references.js';

/** What rows are checked against: the records the person can see, read through the service as the forms read them. */
export interface RowContext {
  employers: NameIndex;
  divisions: NameIndex;
  filters: NameIndex;
}

/** Employers read per turn of the event loop: a workspace may hold tens of thousands. */
const EMPLOYERS_PAGE = 2000;

/** The records, the employers a page at a time with a turn of the thread between pages (the app reads them on its window's thread). */
export async function readRowContext(workspace: Workspace): Promise<RowContext> {
  const { context } = workspace;
  const caller = await workspace.caller();
  const employers = new NameIndex('employer', []);
  for (let after: string | undefined, more = true; more;) {
    const page = await listEmployersPage(context, caller, after, EMPLOYERS_PAGE);
    for (const employer of page.employers) employers.add(employer.id, employer.name);
    after = page.next;
    more = after !== undefined;
    await nextTurn();
  }
  return {
    employers,
    divisions: new NameIndex('division', await listHeldDivisions(context, caller)),
    filters: new NameIndex('filter', await listAccountFilters(context, caller)),
  };
}

export function rowBody(kind: ImportKind, cells: Readonly<Record<string, string>>, context: RowContext): RowBody {
  return kind === 'employers' ? employerRowBody(cells, context) : planRowBody(kind, cells, context.employers);
}

/** A row's cells by the field their column is matched to. */
export function cellsByField(headers: readonly string[], cells: readonly string[], fieldOf: (column: string) => string | null): Record<string, string> {
  const byField: Record<string, string> = {};
  headers.forEach((header, index) => {
    const field = fieldOf(header);
    if (field !== null) byField[field] = cells[index] ?? '';
  });
  return byField;
}

/** DRF-shaped field errors as import errors, each naming the column its field came from. */
export function rowErrors(row: number, errors: FieldErrors, columnOf: (field: string) => string): ImportError[] {
  return Object.entries(errors).flatMap(([field, messages]) => messages.map((message) => ({ row, column: columnOf(field), field, message })));
}
