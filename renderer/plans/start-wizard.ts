import type { Benefit } from '../../shared/plans/benefits';
import { api, failureMessage } from '../api/api';
import { navigate } from '../app/routes';
import { bridge } from '../bridge/bridge';
import { draftEditing } from '../drafts/edit-draft';
import { draftOf, editsPlanAsItIs } from './wizard-draft';
import type { SbcReading } from '../../shared/sbc';
import { editPlanState, newPlanState, renewalState, sbcPlanState, type PlanWizardState } from './wizard-state';

export type WizardStart = { mode: 'new'; benefit: Benefit; employerId: string } | { mode: 'edit' | 'renew' | 'convert'; benefit: Benefit; planId: string };

/**
 * Opens the plan wizard: creates its draft first, so nothing typed is lost from the first key, and
 * navigates to it; an edit left unsaved earlier is resumed instead of started over beside it.
 * Answers an error message when the plan to start from cannot be read.
 */
export async function startPlanWizard(start: WizardStart): Promise<string | undefined> {
  if (start.mode === 'new') return openDraft(newPlanState(start.benefit, start.employerId));
  const plan = await api.get<Record<string, unknown>>(`/plans/${start.benefit}/${start.planId}/`);
  if (!plan.ok) return failureMessage(plan);
  if (start.mode !== 'edit') return openDraft(renewalState(start.benefit, plan.body, start.mode));
  const earlier = await draftEditing('plan', (state) => editsPlanAsItIs(state, plan.body));
  if (earlier) {
    navigate({ name: 'wizard', draftId: earlier.id, resumed: true });
    return undefined;
  }
  return openDraft(editPlanState(start.benefit, plan.body));
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
