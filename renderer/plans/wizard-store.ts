import { create } from 'zustand';
import { parseDate, proposedEndDate } from '../../shared/forms/dates';
import { plainServiceMessage } from '../../shared/forms/plain-words';
import { planKind } from '../../shared/plans/index';
import { planSteps } from '../../shared/forms/plan-steps';
import { proposeFromAction } from '../../shared/plans/renewal';
import type { AnnualTiers, RateHelperInput } from '../../shared/rates/rate-helper';
import type { FieldErrors } from '../../shared/validation/errors';
import { api, failureMessage } from '../api/api';
import { navigate } from '../app/routes';
import { deleteDraft, readDraftWithJournal } from '../drafts/draft-journal';
import { fetchEmployerPlans, invalidateServerState } from '../data/server-state';
import { withoutAnswerFor } from '../forms/form-errors';
import type { KnownPlan } from './existing-renewal';
import { warningsOf } from './plan-warnings';
import { announceSaved } from './saved-notice';
import { bodyOf, errorsOf, firstStepWith, wizardStateFromDraft, type PlanWizardState } from './wizard-state';
import { errorText } from '../api/error-text';

interface WizardStore {
  draftId: string | undefined;
  state: PlanWizardState | undefined;
  loadError: string | undefined;
  employerName: string;
  /** The employer's other plans, for the plausibility warnings and a renewal made already. */
  siblings: KnownPlan[];
  /** The service's 400 body from the last save, per field, until that field is edited. */
  serverErrors: FieldErrors;
  saving: boolean;
  submitted: boolean;
  /** Where the focus lands after a step move: a field named by an error link, or the step's first field. A new object per move. */
  landing: { field?: string };
  load(draftId: string): Promise<void>;
  /** Forgets the draft's in-memory state when its screen closes, so a later visit reads it afresh. */
  reset(draftId: string): void;
  setValue(field: string, value: string): void;
  setNone(field: string, none: boolean): void;
  touch(field: string): void;
  /** Shows a step; with `field`, that field takes the focus (an error summary's link). */
  goTo(step: number, field?: string): void;
  /** Opens the rate helper with `input`, or closes it with `undefined`. */
  setRateHelper(input: RateHelperInput | undefined): void;
  fillTiers(tiers: AnnualTiers): void;
  /** Saves through the service; on success the draft is gone and the employer's page is shown. */
  save(): Promise<void>;
}

/**
 * The end to propose for a new start, while the end is blank or still the one proposed for the old
 * start: a year on from a start that reads as a date, and blank again while it does not (the end
 * filled from a half-typed "1/1/20" must not stay once the start reads "1/1/202"). Undefined keeps
 * an end the broker typed.
 */
function proposedEnd(before: Readonly<Record<string, string>>, start: string): string | undefined {
  const end = before['end_date'] ?? '';
  const oldStart = parseDate(before['start_date'] ?? '');
  const untouched = end === '' || (oldStart !== undefined && parseDate(end) === proposedEndDate(oldStart));
  if (!untouched) return undefined;
  const startIso = parseDate(start);
  return startIso ? proposedEndDate(startIso) : '';
}

export const useWizard = create<WizardStore>((set, get) => {
  const update = (change: (state: PlanWizardState) => PlanWizardState) => {
    const current = get().state;
    if (current) set({ state: change(current) });
  };

  return {
    draftId: undefined,
    state: undefined,
    loadError: undefined,
    employerName: '',
    siblings: [],
    serverErrors: {},
    saving: false,
    submitted: false,
    landing: {},

    async load(draftId) {
      set({ draftId, state: undefined, loadError: undefined, serverErrors: {}, saving: false, submitted: false, siblings: [], employerName: '' });
      let draft;
      try {
        draft = await readDraftWithJournal(draftId);
      } catch (error) {
        if (get().draftId === draftId) set({ loadError: `The draft could not be read: ${errorText(error)}` });
        return;
      }
      // Another draft was opened (or this screen left) while this one was read: its state must not
      // show, nor be autosaved, under the other draft's id.
      if (get().draftId !== draftId) return;
      if (!draft || draft.form !== 'plan') {
        set({ loadError: 'This draft no longer exists: it was saved or discarded.' });
        return;
      }
      const state = wizardStateFromDraft(draft.state);
      if (!state) {
        set({ loadError: 'This draft cannot be opened: it is not a plan entry this version of PlanDesk understands.' });
        return;
      }
      set({ state });
      let plans;
      try {
        plans = await fetchEmployerPlans(state.employerId);
      } catch (error) {
        if (get().draftId === draftId) set({ loadError: `The employer of this draft cannot be opened: ${errorText(error)}` });
        return;
      }
      if (get().draftId !== draftId) return;
      set({
        employerName: plans.employer.name,
        siblings: plans.plans
          .filter((plan) => plan.id !== state.planId)
          .map((plan) => ({ ...plan, funding: (plan['funding'] as string | null | undefined) ?? null })),
      });
    },

    reset(draftId) {
      if (get().draftId !== draftId) return;
      set({ draftId: undefined, state: undefined, loadError: undefined, serverErrors: {}, submitted: false, siblings: [], employerName: '' });
    },

    setValue(field, value) {
      set({ serverErrors: withoutAnswerFor(get().serverErrors, field) });
      update((state) => {
        const values = { ...state.form.values, [field]: value };
        const touched = state.touched.includes(field) ? state.touched : [...state.touched, field];
        const fromActionChosen = state.fromActionChosen || field === 'from_action';
        // A renewal or conversion proposes its action from the carrier until the broker picks one.
        if (field === 'carrier' && !fromActionChosen && state.sourcePlan && values['from_plan']) {
          values['from_action'] = proposeFromAction(state.sourcePlan['carrier'], value) ?? '';
        }
        // A plan year is proposed from its start, until the broker types an end of their own.
        if (field === 'start_date') values['end_date'] = proposedEnd(state.form.values, value) ?? values['end_date'] ?? '';
        return { ...state, form: { ...state.form, values }, touched, fromActionChosen };
      });
    },

    setNone(field, none) {
      set({ serverErrors: withoutAnswerFor(get().serverErrors, field) });
      update((state) => ({
        ...state,
        form: { values: { ...state.form.values, ...(none ? { [field]: '' } : {}) }, none: { ...state.form.none, [field]: none } },
        touched: state.touched.includes(field) ? state.touched : [...state.touched, field],
      }));
    },

    touch(field) {
      update((state) => (state.touched.includes(field) ? state : { ...state, touched: [...state.touched, field] }));
    },

    goTo(step, field) {
      set({ landing: field ? { field } : {} });
      update((state) => ({ ...state, step: Math.max(0, Math.min(step, planSteps(state.benefit).length - 1)) }));
    },

    setRateHelper(input) {
      update(({ rateHelper: _closed, ...state }) => (input ? { ...state, rateHelper: input } : state));
    },

    fillTiers(tiers) {
      const filled = Object.keys(tiers);
      set({ serverErrors: Object.fromEntries(Object.entries(get().serverErrors).filter(([field]) => !filled.includes(field))) });
      update((state) => ({
        ...state,
        form: { ...state.form, values: { ...state.form.values, ...Object.fromEntries(Object.entries(tiers).map(([field, value]) => [field, String(value)])) } },
        touched: [...new Set([...state.touched, ...filled])],
      }));
    },

    async save() {
      const { state, draftId, saving } = get();
      if (!state || !draftId || saving) return;
      set({ submitted: true });
      const clientErrors = errorsOf(state);
      if (Object.keys(clientErrors).length > 0) {
        set({ serverErrors: {} });
        get().goTo(...firstStepWith(state, Object.keys(clientErrors)));
        return;
      }
      set({ saving: true });
      // The broker may open another draft while this one is being saved: only this draft's screen is updated.
      const stillOpen = () => get().draftId === draftId;
      try {
        const body = bodyOf(state);
        const path = `/plans/${state.benefit}/`;
        let result;
        try {
          result = state.mode === 'edit' ? await api.put(`${path}${state.planId}/`, body) : await api.post(path, body);
        } catch (error) {
          // The call never reached the service (or its answer was lost): say so; the draft stays.
          if (stillOpen()) {
            set({ serverErrors: { non_field_errors: [`Could not save: ${errorText(error)}`] } });
            get().goTo(planSteps(state.benefit).length - 1);
          }
          return;
        }
        if (!result.ok) {
          if (!stillOpen()) return;
          const fields = planKind(state.benefit).fields;
          const errors = Object.fromEntries(
            Object.entries(result.fieldErrors).map(([field, messages]) => [
              field,
              messages.map((message) => plainServiceMessage(message, { label: fields[field]?.label ?? field, value: state.form.values[field] })),
            ]),
          );
          if (result.detail) errors['non_field_errors'] = [result.detail];
          if (Object.keys(errors).length === 0) errors['non_field_errors'] = [failureMessage(result)];
          set({ serverErrors: errors });
          get().goTo(...firstStepWith(state, Object.keys(errors)));
          return;
        }
        // The plan is saved: from here on nothing may offer to save it again. A draft that cannot be
        // deleted now is only left over in the drafts list (and AppCore refuses to autosave it back).
        const shown = stillOpen();
        if (shown) {
          announceSaved({
            employerId: state.employerId,
            title: String(body['title'] ?? ''),
            warnings: warningsOf(state, get().siblings).map((warning) => warning.message),
          });
          set({ state: undefined, draftId: undefined });
        }
        await deleteDraft(draftId).catch(() => undefined);
        void invalidateServerState();
        if (shown) navigate({ name: 'employer', id: state.employerId }, { replace: true });
      } finally {
        if (stillOpen() || get().draftId === undefined) set({ saving: false });
      }
    },
  };
});
