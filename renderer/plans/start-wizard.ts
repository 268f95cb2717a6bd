import type { Benefit } from '../../shared/plans/benefits';
import { api, failureMessage } from '../api/api';
import { navigate } from '../app/routes';
import { bridge } from '../bridge/bridge';
import { draftEditing } from '../drafts/edit-draft';
import { draftOf, editsPlan } from './wizard-draft';
import type { SbcReading } from '../../shared/sbc';
import { editPlanState, newPlanState, renewalState, sbcPlanState, type PlanWizardState } from './wizard-state';

export type WizardStart = { mode: 'new'; benefit: Benefit; employerId: string } | { mode: 'edit' | 'renew' | 'convert'; benefit: Benefit; planId: string };

/**
 * Opens the plan wizard: creates its draft first, so nothing typed is lost from the first key, and
 * navigates to it; an edit left unsaved earlier is resumed instead of started over beside it.
 * Answers an error message when the plan to start from cannot be read.
 */
export async function startPlanWizard(start: WizardStart): Promise<string | undefined> {
  if (start.mode === 'edit') {
    const earlier = await draftEditing('plan', (state) => editsPlan(state, start.planId));
    if (earlier) {
      navigate({ name: 'wizard', draftId: earlier.id, resumed: true });
      return undefined;
    }
  }
  let state: PlanWizardState;
  if (start.mode === 'new') {
    state = newPlanState(start.benefit, start.employerId);
  } else {
    const plan = await api.get<Record<string, unknown>>(`/plans/${start.benefit}/${start.planId}/`);
    if (!plan.ok) return failureMessage(plan);
    state = start.mode === 'edit' ? editPlanState(start.benefit, plan.body) : renewalState(start.benefit, plan.body, start.mode);
  }
  return openDraft(state);
}

/**
 * Opens the wizard on a new medical plan prefilled from an SBC, as a draft like any other: the
 * plan itself is created only when the broker saves the wizard.
 */
export async function startSbcWizard(employerId: string, reading: SbcReading, file: string): Promise<string | undefined> {
  return openDraft(sbcPlanState(employerId, reading, file));
}

async function openDraft(state: PlanWizardState): Promise<string | undefined> {
  const id = crypto.randomUUID();
  const saved = await bridge.saveDraft(draftOf(id, state));
  if (saved.status >= 400) return 'The draft could not be created on this computer.';
  navigate({ name: 'wizard', draftId: id });
  return undefined;
}
