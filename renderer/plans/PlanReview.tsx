import { plainText } from '../../shared/forms/plain-words';
import { planSteps } from '../../shared/forms/plan-steps';
import { planKind } from '../../shared/plans/index';
import type { PlausibilityWarning } from '../../shared/plans/plausibility';
import type { FieldErrors } from '../../shared/validation/errors';
import { FieldMessages } from '../forms/FieldFrame';
import { ComparisonPanel } from './ComparisonPanel';
import { formatPlanValue } from '../../shared/plans/plan-values';
import { bodyOf, hiddenOf, type PlanWizardState } from './wizard-state';

interface PlanReviewProps {
  state: PlanWizardState;
  /** Last year's plan (the one named by from_plan), for the comparison; none for a plan that is not a renewal. */
  priorPlan: Record<string, unknown> | undefined;
  errors: FieldErrors;
  serverErrors: FieldErrors;
  warnings: PlausibilityWarning[];
  saving: boolean;
  onSave: () => void;
  onGoTo: (step: number, field?: string) => void;
}

/** The last step: what will be saved, what looks wrong (never blocking), and last year against this year. */
export function PlanReview({ state, priorPlan, errors, serverErrors, warnings, saving, onSave, onGoTo }: PlanReviewProps) {
  const kind = planKind(state.benefit);
  const body = bodyOf(state);
  const hidden = hiddenOf(state);
  const steps = planSteps(state.benefit).slice(0, -1);
  const problems = { ...errors, ...serverErrors };
  const problemFields = Object.keys(problems).filter((field) => field !== 'non_field_errors');
  const unplaced = problemFields.filter((field) => !steps.some((step) => step.fields.includes(field)));

  return (
    <div className="plan-review">
      <FieldMessages id="review-non-field" errors={serverErrors['non_field_errors']} />
      {problemFields.length > 0 && (
        <div className="review-problems" role="alert">
          <p>{problemFields.length === 1 ? 'One field needs' : `${problemFields.length} fields need`} attention before this plan can be saved:</p>
          <ul>
            {steps.map((step, index) =>
              step.fields
                .filter((field) => problems[field])
                .map((field) => (
                  <li key={field}>
                    <button type="button" className="link" onClick={() => onGoTo(index, field)}>
                      {step.title}: {kind.fields[field]!.label}
                    </button>{' '}
                    — {plainText(problems[field]!.join(' '))}
                  </li>
                )),
            )}
            {unplaced.map((field) => (
              <li key={field}>
                {kind.fields[field]?.label ?? field} — {plainText(problems[field]!.join(' '))}
              </li>
            ))}
          </ul>
        </div>
      )}

      {warnings.length > 0 && (
        <div className="warning" role="status">
          <p>
            <strong>Worth a second look</strong> (these never block saving):
          </p>
          <ul className="review-warnings">
            {warnings.map((warning) => (
              <li key={warning.code + warning.message}>{warning.message}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={saving}
          onClick={onSave}
          // A held Enter that stepped onto the review repeats here: only a fresh press saves.
          onKeyDown={(event) => event.key === 'Enter' && event.repeat && event.preventDefault()}
        >
          {saving ? 'Saving…' : state.mode === 'edit' ? 'Save changes' : 'Save plan'}
        </button>
        <button type="button" onClick={() => onGoTo(steps.length - 1)}>
          Back
        </button>
        <span className="muted keys">Enter or Ctrl+S saves · PageDown and PageUp scroll</span>
      </div>

      {priorPlan && <ComparisonPanel benefit={state.benefit} oldPlan={priorPlan} newPlan={body} />}

      {steps.map((step, index) => (
        <section key={step.id} className="review-section" aria-label={`Review: ${step.title}`}>
          <h3>
            {step.title}{' '}
            <button type="button" className="link" onClick={() => onGoTo(index)}>
              Edit
            </button>
          </h3>
          <dl>
            {step.fields
              .filter((field) => !hidden.has(field))
              .map((field) => (
                <div key={field} className={problems[field] ? 'review-row review-invalid' : 'review-row'}>
                  <dt>{kind.fields[field]!.label}</dt>
                  <dd>{formatPlanValue(kind.fields[field], body[field])}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
