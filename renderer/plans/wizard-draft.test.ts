import { describe, expect, it } from 'vitest';
import { validPlanBody } from '../../tests/support/fixtures';
import { editsPlanAsItIs } from './wizard-draft';
import { editPlanState } from './wizard-state';

const EMPLOYER = '11111111-1111-4111-8111-111111111111';
const stored = {
  ...validPlanBody('ltd', { employer: EMPLOYER }),
  id: '33333333-3333-4333-8333-333333333333',
  status: 'ACTIVE',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('an unsaved edit of a plan, as Edit finds it', () => {
  it('is the edit of that plan while its values are the same, whatever the service worked out since (status, save times)', () => {
    const edit = editPlanState('ltd', stored);
    expect(editsPlanAsItIs(edit, { ...stored, status: 'EXPIRED', updated_at: '2026-06-01T00:00:00.000Z' })).toBe(true);
  });

  it('is not, once a value changed, nor for another plan or a renewal', () => {
    const edit = editPlanState('ltd', stored);
    expect(editsPlanAsItIs(edit, { ...stored, carrier: 'Another Carrier' })).toBe(false);
    expect(editsPlanAsItIs(edit, { ...stored, id: '44444444-4444-4444-8444-444444444444' })).toBe(false);
    expect(editsPlanAsItIs({ ...edit, mode: 'renew' }, stored)).toBe(false);
  });
});
