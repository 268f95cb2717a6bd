import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels';

describe('a field as a person calls it', () => {
  it("is the label its form shows: an employer's, a plan kind's, a user's, a division's", () => {
    expect(fieldLabel('employer', null, 'size')).toBe('Eligible employees');
    expect(fieldLabel('employer', null, 'location_states')).toBe('States');
    expect(fieldLabel('plan', 'medical', 'in_ded_single')).toBe('In-network deductible, single');
    expect(fieldLabel('user', null, 'first_name')).toBe('First name');
    expect(fieldLabel('division', null, 'users')).toBe('Members');
  });

  it('is the name in words for a field no form names, or a plan of a kind not known', () => {
    expect(fieldLabel('employer', null, 'plans_expired')).toBe('Plans expired');
    expect(fieldLabel('plan', null, 'in_ded_single')).toBe('In ded single');
  });
});
