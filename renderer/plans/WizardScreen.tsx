import { useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { planSteps } from '../../shared/forms/plan-steps';
import { planKind } from '../../shared/plans/index';
import type { PlausibilityWarning } from '../../shared/plans/plausibility';
import { emptyRateHelperInput, inputFromAnnual } from '../../shared/rates/rate-helper';
import { hashOf, navigate } from '../app/routes';
import { useShortcuts } from '../app/shortcuts';
import { deleteDraft } from '../drafts/draft-journal';
import { FieldMessages } from '../forms/FieldFrame';
import { visibleErrors } from '../forms/form-errors';
import { SaveIndicator, useDraftAutosave } from '../drafts/autosave';
import { PlanField } from './PlanField';
import { PlanReview } from './PlanReview';
import { RateHelper } from './RateHelper';
import { RenewalSummary } from './RenewalSummary';
import { draftOf } from './wizard-draft';
import { existingRenewal } from './existing-renewal';
import { priorPlanOf, warningsOf } from './plan-warnings';
import { SbcNotice } from './SbcNotice';
import { tierRows } from './tier-rows';
import { errorsOf, hiddenOf, modeLabels, sbcSource, stillToEnter, type PlanWizardState } from './wizard-state';
import { useWizard } from './wizard-store';
import './wizard.css';

const CONTROLS = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Focuses a control the way Tab would, selecting its text so typing replaces it. */
function focusControl(control: HTMLElement | undefined): void {
  if (!control) return;
  control.focus();
  if (control instanceof HTMLInputElement && control.type !== 'checkbox') control.select();
}

function annualTiersOf(state: PlanWizardState) {
  const tiers: Record<string, number> = {};
  for (const side of ['ee', 'gross'])
    for (const tier of [1, 2, 3, 4]) {
      const value = Number(state.form.values[`t${tier}_${side}`]);
      if (state.form.values[`t${tier}_${side}`] !== '' && Number.isInteger(value)) tiers[`t${tier}_${side}`] = value;
    }
  return tiers;
}

/**
 * The plan-entry wizard: one step at a time in the order of a plan summary, keyboard first (Enter
 * moves on, and past a step's last field to the next step; Ctrl+Enter or PageDown next step,
 * PageUp previous; Ctrl+S saves), saved as a draft at every change and every step.
 */
/** `resumed`: opened on a draft left earlier (Edit pressed again), which says so. */
export function WizardScreen({ draftId, resumed = false }: { draftId: string; resumed?: boolean }) {
  const wizard = useWizard();
  // The store outlives this screen: until this draft is loaded, whatever it holds is another visit's.
  const state = wizard.draftId === draftId ? wizard.state : undefined;
  const { employerName } = wizard;
  const stepRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void useWizard.getState().load(draftId);
    return () => useWizard.getState().reset(draftId);
  }, [draftId]);

  const draft = state ? draftOf(draftId, state, employerName) : undefined;
  const autosave = useDraftAutosave(draft);

  const steps = state ? planSteps(state.benefit) : [];
  const stepIndex = state?.step ?? 0;
  const step = steps[stepIndex];

  // Every step change is saved at once, and lands on the field an error link names or the step's
  // first field (before paint, so a key pressed the moment the step shows already goes there).
  useLayoutEffect(() => {
    if (!state) return;
    void autosave.flush();
    const form = stepRef.current;
    const named = wizard.landing.field;
    // A field whose "None" is ticked is disabled: its checkbox takes the focus instead.
    const target = named
      ? (form?.querySelector<HTMLElement>(`[data-field="${named}"]:not([disabled])`) ?? form?.querySelector<HTMLElement>(`[data-none-for="${named}"]`))
      : null;
    focusControl(target ?? form?.querySelector<HTMLElement>(CONTROLS) ?? form?.querySelector<HTMLElement>('button.primary') ?? undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Deliberately only on a step move (or the first load), not on every keystroke.
  }, [stepIndex, state === undefined, wizard.landing]);

  // Step moves and saving work wherever the focus is. Only Ctrl+S (and Enter on the review's Save
  // button) saves: the step keys stop at the review, where PageDown and PageUp scroll it, so
  // stepping through a plan with them can never save it.
  const lastStep = steps.length - 1;
  useShortcuts(
    {
      'Mod+S': () => void wizard.save(),
      'Mod+Enter': () => {
        if (stepIndex < lastStep) wizard.goTo(stepIndex + 1);
      },
      PageDown: () => (stepIndex < lastStep ? wizard.goTo(stepIndex + 1) : false),
      PageUp: () => (stepIndex > 0 && stepIndex < lastStep ? wizard.goTo(stepIndex - 1) : false),
    },
    state !== undefined,
  );

  const errors = useMemo(() => (state ? errorsOf(state) : {}), [state]);
  const warnings = useMemo(() => (state ? warningsOf(state, wizard.siblings) : []), [state, wizard.siblings]);

  if (wizard.loadError && wizard.draftId === draftId) {
    return (
      <section>
        <h1>Plan wizard</h1>
        <p role="alert">{wizard.loadError}</p>
        <button type="button" onClick={() => navigate({ name: 'drafts' })}>
          Go to drafts
        </button>
      </section>
    );
  }
  if (!state || !step) return <section aria-busy="true">Loading the draft…</section>;

  const kind = planKind(state.benefit);
  const hidden = hiddenOf(state);
  const shownErrors = (field: string) =>
    visibleErrors(field, { server: wizard.serverErrors, live: errors, touched: state.touched.includes(field), submitted: wizard.submitted });
  const stepErrorCount = (fields: readonly string[]) => fields.filter((field) => !hidden.has(field) && shownErrors(field)).length;
  const isLast = stepIndex === steps.length - 1;
  const next = () => (isLast ? void wizard.save() : wizard.goTo(stepIndex + 1));

  /** Moves to the field after `from`, past its "None" once it has a value, or on to the next step after the last. */
  function advanceFrom(from: HTMLElement, answered = (from as HTMLInputElement).value !== '') {
    const controls = Array.from(stepRef.current?.querySelectorAll<HTMLElement>(`.step-fields ${CONTROLS.split(', ').join(', .step-fields ')}`) ?? []);
    let position = controls.indexOf(from) + 1;
    const field = from.dataset['field'];
    if (field && controls[position]?.dataset['noneFor'] === field && answered) position += 1;
    const following = controls[position];
    if (following) focusControl(following);
    else next();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && target.matches('input, select')) {
      event.preventDefault();
      const field = target.dataset['field'];
      // "None" in one key: Enter on an empty field whose answer may be none answers it, and moves past the checkbox.
      if (field && kind.fields[field]?.presence === 'nullable' && (target as HTMLInputElement).value.trim() === '') {
        wizard.setNone(field, true);
        const checkbox = stepRef.current?.querySelector<HTMLElement>(`[data-none-for="${field}"]`);
        return advanceFrom(checkbox ?? target);
      }
      advanceFrom(target);
    }
  }

  /**
   * A row of cells copied from a rate sheet, pasted into one field, fills that field and the ones
   * after it on the step (tier 1 to tier 4), when they are all there to take it; the focus lands on
   * the last one filled.
   */
  function spreadPaste(from: string, cells: string[]): boolean {
    const fields = step!.fields.filter((field) => !hidden.has(field));
    const targets = fields.slice(fields.indexOf(from), fields.indexOf(from) + cells.length);
    if (targets.length < cells.length || targets.some((field) => kind.fields[field]?.type !== 'int' || state!.form.none[field])) return false;
    targets.forEach((field, index) => wizard.setValue(field, cells[index]!));
    focusControl(stepRef.current?.querySelector<HTMLElement>(`[data-field="${targets.at(-1)!}"]`) ?? undefined);
    return true;
  }

  async function discard() {
    if (!window.confirm('Discard this plan entry? What was typed in it is lost.')) return;
    await deleteDraft(draftId);
    navigate({ name: 'employer', id: state!.employerId }, { replace: true });
  }

  const fieldWarnings = (field: string): PlausibilityWarning[] => warnings.filter((warning) => warning.field === field);
  const planField = (field: string) => (
    <PlanField
      key={field}
      name={field}
      spec={kind.fields[field]!}
      value={state.form.values[field] ?? ''}
      none={Boolean(state.form.none[field])}
      errors={shownErrors(field)}
      warnings={fieldWarnings(field)}
      onChange={(value) => wizard.setValue(field, value)}
      onNone={(none) => wizard.setNone(field, none)}
      onBlur={() => wizard.touch(field)}
      source={sbcSource(state, field)}
      toEnter={stillToEnter(state, field)}
      onPasteCells={(cells) => spreadPaste(field, cells)}
      onChosen={() => {
        const control = stepRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`);
        if (control) advanceFrom(control, true);
      }}
    />
  );
  const renewingFrom = state.mode === 'renew' || state.mode === 'convert' ? state.sourcePlan : undefined;
  const renewedAlready = existingRenewal(state, wizard.siblings);

  return (
    <section className="wizard" aria-labelledby="wizard-heading">
      <header className="wizard-header">
        <div>
          <p className="muted breadcrumb">
            <a href={`#/employers/${state.employerId}`}>{employerName || 'Employer'}</a> · {modeLabels[state.mode]}
            {renewingFrom ? ` of ${String(renewingFrom['title'])}` : ''}
          </p>
          <h1 id="wizard-heading">{kind.label} plan</h1>
        </div>
        <div className="actions">
          <SaveIndicator state={autosave.state} />
          <button type="button" onClick={() => void discard()}>
            Discard
          </button>
        </div>
      </header>

      {renewedAlready && renewingFrom && (
        <p className="warning" role="alert">
          “{String(renewingFrom['title'])}” already has a renewal for {renewedAlready.start_date.slice(0, 4)}:{' '}
          <a href={hashOf({ name: 'plan', benefit: renewedAlready.benefit, id: renewedAlready.id })}>{renewedAlready.title}</a>. To change that plan, open it;
          this entry would be a second plan for the same year.
        </p>
      )}

      {resumed && <p className="muted">Resumed from a draft: what you typed earlier is back.</p>}
      {state.sbc && <SbcNotice origin={state.sbc} />}

      <ol className="wizard-steps" aria-label="Steps">
        {steps.map((candidate, index) => {
          const count = stepErrorCount(candidate.fields);
          return (
            <li key={candidate.id}>
              <button
                type="button"
                tabIndex={-1}
                aria-current={index === stepIndex ? 'step' : undefined}
                // The field keeps the focus until the step changes: its blur would mark it "to fix" and
                // widen this row between the press and the release, so the click would miss.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => wizard.goTo(index)}
              >
                <span className="step-number">{index + 1}</span> {candidate.title}
                {count > 0 && <span className="step-errors"> ({count} to fix)</span>}
              </button>
            </li>
          );
        })}
      </ol>

      <form
        ref={stepRef}
        className="wizard-step"
        aria-label={step.title}
        noValidate
        onKeyDown={onKeyDown}
        onSubmit={(event) => (event.preventDefault(), next())}
      >
        <h2>
          Step {stepIndex + 1} of {steps.length}: {step.title}
        </h2>
        {wizard.serverErrors['non_field_errors'] && !isLast && <FieldMessages id="wizard-non-field" errors={wizard.serverErrors['non_field_errors']} />}
        {state.mode === 'renew' && stepIndex > 0 && !isLast && (
          <RenewalSummary state={state} basicsTitle={steps[0]!.title} onChange={() => wizard.goTo(0, 'title')} />
        )}

        {step.rateHelper && (
          <details className="rate-helper-box" open={state.rateHelper !== undefined}>
            <summary
              onClick={(event) => {
                event.preventDefault();
                wizard.setRateHelper(state.rateHelper ? undefined : inputFromAnnualOrEmpty(state));
              }}
            >
              Rate helper: enter a 2-, 3-, 4- or 5-tier structure, monthly, per pay period or annual
            </summary>
            {state.rateHelper && <RateHelper value={state.rateHelper} onChange={wizard.setRateHelper} onFill={wizard.fillTiers} />}
          </details>
        )}

        {isLast ? (
          <PlanReview
            state={state}
            priorPlan={priorPlanOf(state, wizard.siblings)}
            errors={errors}
            serverErrors={wizard.serverErrors}
            warnings={warnings}
            saving={wizard.saving}
            onSave={() => void wizard.save()}
            onGoTo={wizard.goTo}
          />
        ) : (
          <div className="step-fields">
            {tierRows(step.fields.filter((field) => !hidden.has(field))).map((row) =>
              Array.isArray(row) ? (
                <div key={row[0]} className="tier-row">
                  {row.map(planField)}
                </div>
              ) : (
                planField(row)
              ),
            )}
          </div>
        )}

        {!isLast && (
          <div className="actions wizard-nav">
            <button type="button" disabled={stepIndex === 0} onClick={() => wizard.goTo(stepIndex - 1)}>
              Back
            </button>
            <button type="submit" className="primary">
              Next: {steps[stepIndex + 1]?.title}
            </button>
            <span className="muted keys">Enter: next field · Ctrl+Enter: next step · Ctrl+S: save</span>
          </div>
        )}
      </form>
    </section>
  );
}

function inputFromAnnualOrEmpty(state: PlanWizardState) {
  const tiers = annualTiersOf(state);
  return Object.keys(tiers).length === 8 ? inputFromAnnual(tiers) : emptyRateHelperInput();
}
