// What a person calls a record's field: the label its form shows, for lists of what differs.
import { capitalised } from './capitalised.js';
import { isBenefit } from './plans/benefits.js';
import { planKind } from './plans/index.js';
import { employerFieldHelp } from './resources/employer.js';

type LabelledEntity = 'employer' | 'plan' | 'user' | 'division';

/** The fields of users and divisions, as their forms name them. */
const OTHER_LABELS: Record<'user' | 'division', Record<string, string>> = {
  user: { username: 'Username', email: 'E-mail', first_name: 'First name', last_name: 'Last name', division_ids: 'Divisions' },
  division: { name: 'Name', users: 'Members', employer_ids: 'Employers' },
};

/** The label of `field` of a record of `entity` (a plan of `kind`); the field's name in words when its form has none. */
export function fieldLabel(entity: LabelledEntity, kind: string | null, field: string): string {
  const label =
    entity === 'employer'
      ? employerFieldHelp[field as keyof typeof employerFieldHelp]?.label
      : entity === 'plan'
        ? kind !== null && isBenefit(kind)
          ? planKind(kind).fields[field]?.label
          : undefined
        : OTHER_LABELS[entity][field];
  return label ?? capitalised(field.replace(/_/g, ' '));
}
