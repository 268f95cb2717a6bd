import { useId, useState } from 'react';
import { parseEnrollment, type Enrollment } from '../../shared/exhibit/enrollment';
import { TIER_LABELS, type Tier } from '../../shared/plans/renewal';

const TIERS: readonly Tier[] = [1, 2, 3, 4];

interface EnrollmentFormProps {
  saved: Enrollment | null;
  /** Resolves to the reason when the enrollment was not kept. */
  onSave(enrollment: Enrollment): Promise<string | undefined>;
}

/** Employees per tier, kept with the workspace for this employer and plan year (never synced). */
export function EnrollmentForm({ saved, onSave }: EnrollmentFormProps) {
  const id = useId();
  const [counts, setCounts] = useState<string[]>(() => TIERS.map((tier) => (saved ? String(saved[tier - 1]) : '')));
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseEnrollment(counts.map((count) => count.trim() || '0').join(','));
    if (!parsed.ok) return setMessage({ error: true, text: parsed.error });
    setSaving(true);
    try {
      const problem = await onSave(parsed.enrollment);
      setMessage(problem ? { error: true, text: problem } : { error: false, text: 'Enrollment saved with this workspace.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="exhibit-enrollment" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-title`}>Enrollment</h2>
      <p className="muted">Employees in each tier, for the total annual cost. Kept on this computer, never synced.</p>
      <div className="exhibit-enrollment__fields">
        {TIERS.map((tier, index) => (
          <label key={tier}>
            <span>{TIER_LABELS[tier]}</span>
            <input
              inputMode="numeric"
              value={counts[index]}
              onChange={(event) => setCounts(counts.map((count, i) => (i === index ? event.target.value : count)))}
            />
          </label>
        ))}
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save enrollment'}
        </button>
      </div>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'exhibit-enrollment__error' : 'muted'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
