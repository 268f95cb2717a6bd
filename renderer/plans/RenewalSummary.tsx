import { choiceLabel } from '../../shared/forms/choice-labels';
import type { PlanWizardState } from './wizard-state';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * A renewal opens past its first step, on the rates: what that step was filled with (the new title,
 * the dates a year on, the renewal action) is said here, with the way back to change it. Nothing
 * here takes the focus: the first rate still gets the first key.
 */
export function RenewalSummary({ state, basicsTitle, onChange }: { state: PlanWizardState; basicsTitle: string; onChange: () => void }) {
  const values = state.form.values;
  const from = text(state.sourcePlan?.['title']) || 'last year’s plan';
  const title = text(values['title']);
  const [start, end] = [text(values['start_date']), text(values['end_date'])];
  const action = text(values['from_action']);
  return (
    <p className="renewal-summary">
      Renewing <b>{from}</b> as {title ? <b>{title}</b> : 'a plan with no title yet'}, {start && end ? `${start} to ${end}` : 'its dates not complete'},{' '}
      {action ? choiceLabel(action).toLowerCase() : 'no renewal action chosen'}.{' '}
      <button type="button" className="link" onClick={onChange}>
        Change these in step 1, {basicsTitle}
      </button>
    </p>
  );
}
