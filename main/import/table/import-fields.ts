import type { ImportKind } from '../../../shared/import-table.js';
import { planKind } from '../../../shared/plans/index.js';
import { employerFieldHelp } from '../../../shared/resources/employer.js';

export interface ImportField {
  name: string;
  /** The label the forms show. */
  label: string;
}

/** The fields a column of this kind of sheet may fill, in the forms' order. */
export function importFields(kind: ImportKind): ImportField[] {
  if (kind === 'employers') return Object.entries(employerFieldHelp).map(([name, { label }]) => ({ name, label }));
  return Object.entries(planKind(kind).fields).map(([name, spec]) => ({ name, label: spec.label }));
}
