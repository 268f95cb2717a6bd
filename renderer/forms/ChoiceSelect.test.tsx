// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceSelect } from './ChoiceSelect';

const APPLIES = [
  { value: '', label: '— choose —' },
  { value: 'FALSE', label: 'Neither deductible nor coinsurance' },
  { value: 'FALSE_COIN', label: 'Coinsurance only' },
  { value: 'TRUE', label: 'Deductible only' },
  { value: 'TRUE_COIN', label: 'Deductible and coinsurance' },
];
const YES_NO = [
  { value: '', label: '— choose —' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** A choice list followed by a text field, moving on as the wizard does when typing picks one choice. */
function TwoFields({ options }: { options: typeof APPLIES }) {
  const [value, setValue] = useState('');
  const [next, setNext] = useState('');
  const [missed, setMissed] = useState<string | undefined>(undefined);
  return (
    <form>
      <label>
        Applies
        <ChoiceSelect value={value} options={options} onChange={setValue} onChosen={() => document.getElementById('next')?.focus()} onMiss={setMissed} />
      </label>
      {missed !== undefined && <p role="status">Fits no choice: {missed}</p>}
      <label>
        Next field
        <input id="next" value={next} onChange={(event) => setNext(event.target.value)} />
      </label>
    </form>
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const select = () => screen.getByRole('combobox', { name: 'Applies' }) as HTMLSelectElement;
const next = () => screen.getByRole('textbox', { name: 'Next field' }) as HTMLInputElement;

afterEach(cleanup);

describe('typing a choice', () => {
  it('picks the one choice typed and moves on', async () => {
    const user = userEvent.setup();
    render(<TwoFields options={APPLIES} />);
    select().focus();
    await user.keyboard('Deductible a');
    expect(select().value).toBe('TRUE_COIN');
    expect(document.activeElement).toBe(next());
  });

  it('starts over after a pause, and a letter that fits no choice changes nothing and stays in the list', async () => {
    const user = userEvent.setup();
    render(<TwoFields options={APPLIES} />);
    select().focus();
    await user.keyboard('De');
    expect(select().value).toBe('TRUE');
    await pause(1100);
    await user.keyboard('ductible and');
    // "d" starts a new search (Deductible only, the first D); "du…" fits nothing: no jump to "Coinsurance only".
    expect(select().value).toBe('TRUE');
    expect(document.activeElement).toBe(select());
    expect(next().value).toBe('');
  });

  it('says what was typed that fits no choice, until a letter fits one again or the field is left', async () => {
    const user = userEvent.setup();
    render(<TwoFields options={APPLIES} />);
    select().focus();
    await user.keyboard('De');
    expect(screen.queryByRole('status')).toBeNull();
    await pause(1100);
    await user.keyboard('ductible and');
    expect(screen.getByRole('status').textContent).toBe('Fits no choice: ductible and');
    await pause(1100);
    await user.keyboard('d');
    expect(screen.queryByRole('status')).toBeNull();
    await user.keyboard('x');
    expect(screen.getByRole('status').textContent).toBe('Fits no choice: dx');
    expect(select().value).toBe('TRUE');
    await user.tab();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the rest of the label typed in one burst out of the next field', async () => {
    const user = userEvent.setup();
    render(<TwoFields options={YES_NO} />);
    select().focus();
    await user.keyboard('Yes');
    expect(select().value).toBe('true');
    expect(document.activeElement).toBe(next());
    expect(next().value).toBe('');
    await user.keyboard('42');
    expect(next().value).toBe('42');
  });
});
