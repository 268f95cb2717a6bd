// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnrollmentForm } from './EnrollmentForm';

afterEach(cleanup);

const box = (tier: string) => screen.getByRole('textbox', { name: tier });

describe('the exhibit enrollment', () => {
  it('names the tier of every count it refuses, the first tier first, and keeps nothing', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => undefined);
    render(<EnrollmentForm saved={null} onSave={save} />);
    await user.type(box('Employee only'), '12,34,5');
    await user.type(box('Employee + spouse'), 'two');
    await user.type(box('Employee + family'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save enrollment' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Employee only: “12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).',
      'Employee + spouse: “two” is not a number. Type employee + spouse enrollment in digits, e.g. 250 or 1,250.',
      'Employee + family enrollment cannot be negative: enter 0 or more, e.g. 250 or 1,250.',
    ]);
    expect(document.activeElement).toBe(box('Employee only'));
    expect(save).not.toHaveBeenCalled();
  });
});
