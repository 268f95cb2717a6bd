import { create } from 'zustand';
import { planSteps } from '../../shared/forms/plan-steps';
import { planKind } from '../../shared/plans/index';
import type { SiblingPlan } from '../../shared/plans/plausibility';
import { proposeFromAction } from '../../shared/plans/renewal';
import type { AnnualTiers, RateHelperInput } from '../../shared/rates/rate-helper';
import type { FieldErrors } from '../../shared/validation/errors';
import { api, failureMessage } from '../api/api';
import { navigate } from '../app/routes';
import { bridge } from '../bridge/bridge';
import { fetchEmployerPlans } from './employer-plans';
import { bodyOf, errorsOf, firstStepWith, type PlanWizardState } from './wizard-state';

interface WizardStore {
  draftId: string | undefined;
  state: PlanWizardState | undefined;
  loadError: string | undefined;
  employerName: string;
  /** The employer's other plans, for the plausibility warnings. */
  siblings: SiblingPlan[];
  /** The service's 400 body from the last save, per field, until that field is edited. */
  serverErrors: FieldErrors;
  saving: boolean;
  submitted: boolean;
  load(draftId: string): Promise<void>;
  setValue(field: string, value: string): void;
  setNone(field: string, none: boolean): void;
  touch(field: string): void;
  goTo(step: number): void;
  /** Opens the rate helper with `input`, or closes it with `undefined`. */
  setRateHelper(input: RateHelperInput | undefined): void;
  fillTiers(tiers: AnnualTiers): void;
  /** Saves through the service; on success the draft is gone and the employer's page is shown. */
  save(): Promise<void>;
}

const dropKey = (errors: FieldErrors, field: string) => {
  const { [field]: _dropped, ...rest } = errors;
  return rest;
};

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

    async load(draftId) {
      set({ draftId, state: undefined, loadError: undefined, serverErrors: {}, submitted: false, siblings: [], employerName: '' });
      const draft = await bridge.readDraft(draftId);
      if (!draft || draft.form !== 'plan') {
        set({ loadError: 'This draft no longer exists: it was saved or discarded.' });
        return;
      }
      const state = draft.state as unknown as PlanWizardState;
      set({ state });
      const plans = await fetchEmployerPlans(state.employerId);
      if (get().draftId !== draftId) return;
      if (!plans.ok) {
        set({ loadError: `The employer of this draft cannot be opened: ${plans.message}` });
        return;
      }
      set({
        employerName: plans.employer.name,
        siblings: plans.plans.filter((plan) => plan.id !== state.planId).map((plan) => ({ ...plan, funding: (plan['funding'] as string | null | undefined) ?? null })),
      });
    },

    setValue(field, value) {
      set({ serverErrors: dropKey(get().serverErrors, field) });
      update((state) => {
        const values = { ...state.form.values, [field]: value };
        const touched = state.touched.includes(field) ? state.touched : [...state.touched, field];
        let fromActionChosen = state.fromActionChosen || field === 'from_action';
        // A renewal or conversion proposes its action from the carrier until the broker picks one.
        if (field === 'carrier' && !fromActionChosen && state.sourcePlan && values['from_plan']) {
          values['from_action'] = proposeFromAction(state.sourcePlan['carrier'], value) ?? '';
        }
        return { ...state, form: { ...state.form, values }, touched, fromActionChosen };
      });
    },

    setNone(field, none) {
      set({ serverErrors: dropKey(get().serverErrors, field) });
      update((state) => ({
        ...state,
        form: { values: { ...state.form.values, ...(none ? { [field]: '' } : {}) }, none: { ...state.form.none, [field]: none } },
        touched: state.touched.includes(field) ? state.touched : [...state.touched, field],
      }));
    },

    touch(field) {
      update((state) => (state.touched.includes(field) ? state : { ...state, touched: [...state.touched, field] }));
    },

    goTo(step) {
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
        get().goTo(firstStepWith(state, Object.keys(clientErrors)));
        return;
      }
      set({ saving: true });
      try {
        const body = bodyOf(state);
        const path = `/plans/${state.benefit}/`;
        const result = state.mode === 'edit' ? await api.put(`${path}${state.planId}/`, body) : await api.post(path, body);
        if (!result.ok) {
          const errors = { ...result.fieldErrors };
          if (result.detail) errors['non_field_errors'] = [result.detail];
          if (Object.keys(errors).length === 0) errors['non_field_errors'] = [failureMessage(result)];
          set({ serverErrors: errors });
          get().goTo(firstStepWith(state, Object.keys(errors)));
          return;
        }
        await bridge.deleteDraft(draftId);
        set({ state: undefined, draftId: undefined });
        navigate({ name: 'employer', id: state.employerId }, { replace: true });
      } finally {
        set({ saving: false });
      }
    },
  };
});

export const kindLabel = (state: PlanWizardState) => planKind(state.benefit).label;
