import { useId, useRef, useState } from 'react';
import { MAX_ENROLLED, type Enrollment } from '../../shared/exhibit/enrollment';
import { pastedCells, readWholeNumber } from '../../shared/forms/numbers';
import { TIER_LABELS, type Tier } from '../../shared/plans/renewal';

const TIERS: readonly Tier[] = [1, 2, 3, 4];

interface EnrollmentFormProps {
  saved: Enrollment | null;
  /** Resolves to the reason when the enrollment was not kept. */
  onSave(enrollment: Enrollment): Promise<string | undefined>;
}

/**
 * Each box read by the one number rule, in the tier's words; a blank box is 0 employees. The
 * problems are listed under the row of boxes, so each begins with its tier ("Employee only: “1,2,3”
 * has its separators…") unless it already does.
 */
function readCounts(counts: readonly string[]): { enrollment?: Enrollment; problems: (string | undefined)[] } {
  const label = (tier: Tier) => `${TIER_LABELS[tier]} enrollment`;
  const readings = TIERS.map((tier, index) => {
    const text = counts[index]!.trim();
    return text === '' ? ({ ok: true, value: 0 } as const) : readWholeNumber(text, { label: label(tier), unit: 'count', min: 0, max: MAX_ENROLLED });
  });
  const problems = readings.map((reading, index) => {
    if (reading.ok) return undefined;
    const tier = TIERS[index]!;
    return reading.problem.startsWith(label(tier)) ? reading.problem : `${TIER_LABELS[tier]}: ${reading.problem}`;
  });
  const [t1, t2, t3, t4] = readings.map((reading) => (reading.ok ? reading.value : 0)) as [number, number, number, number];
  return problems.some(Boolean) ? { problems } : { enrollment: [t1, t2, t3, t4], problems };
}

/** Employees per tier, kept with the workspace for this employer and plan year (never synced). */
export function EnrollmentForm({ saved, onSave }: EnrollmentFormProps) {
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [counts, setCounts] = useState<string[]>(() => TIERS.map((tier) => (saved ? String(saved[tier - 1]) : '')));
  const [problems, setProblems] = useState<(string | undefined)[]>([]);
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  function setCount(index: number, text: string) {
    setCounts((current) => current.map((count, i) => (i === index ? text : count)));
    setProblems((current) => current.map((problem, i) => (i === index ? undefined : problem)));
  }

  /** A row of counts copied from a census sheet, pasted into a box, fills that box and the ones after it. */
  function spreadPaste(from: number, cells: string[]): boolean {
    if (from + cells.length > TIERS.length) return false;
    setCounts((current) => current.map((count, i) => (i >= from && i < from + cells.length ? cells[i - from]! : count)));
    setProblems([]);
    inputs.current[from + cells.length - 1]?.focus();
    return true;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const read = readCounts(counts);
    setProblems(read.problems);
    if (!read.enrollment) {
      setMessage(undefined);
      inputs.current[read.problems.findIndex(Boolean)]?.focus();
      return;
    }
    setSaving(true);
    try {
      const problem = await onSave(read.enrollment);
      setMessage(problem ? { error: true, text: problem } : { error: false, text: 'Enrollment saved with this workspace.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="exhibit-enrollment" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-title`}>Enrollment</h2>
      <p className="muted">
        Employees in each tier, for the total annual cost. Kept on this computer, never synced. A row pasted from a sheet fills the tiers.
      </p>
      <div className="exhibit-enrollment__fields">
        {TIERS.map((tier, index) => (
          <label key={tier}>
            <span>{TIER_LABELS[tier]}</span>
            <input
              ref={(input) => {
                inputs.current[index] = input;
              }}
              inputMode="numeric"
              value={counts[index]}
              aria-invalid={problems[index] ? true : undefined}
              aria-describedby={problems[index] ? `${id}-error-${tier}` : undefined}
              onChange={(event) => setCount(index, event.target.value)}
              onPaste={(event) => {
                const cells = pastedCells(event.clipboardData.getData('text/plain'));
                if (cells && spreadPaste(index, cells)) event.preventDefault();
              }}
            />
          </label>
        ))}
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save enrollment'}
        </button>
      </div>
      {problems.some(Boolean) && (
        <div role="alert">
          <ul className="exhibit-enrollment__error">
            {TIERS.map((tier, index) =>
              problems[index] ? (
                <li key={tier} id={`${id}-error-${tier}`}>
                  {problems[index]}
                </li>
              ) : null,
            )}
          </ul>
        </div>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'exhibit-enrollment__error' : 'muted'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
