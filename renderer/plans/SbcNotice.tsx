import type { SbcOrigin } from './wizard-state';

/** Above an SBC-prefilled wizard: which file it came from, and what the reader could not settle. */
export function SbcNotice({ origin }: { origin: SbcOrigin }) {
  const read = Object.keys(origin.sources).length;
  return (
    <section className="sbc-notice" aria-label="Read from the SBC">
      <p>
        Prefilled from <strong>{origin.file}</strong>: {read} {read === 1 ? 'field' : 'fields'} read, each with its page and sentence beside it. Fields marked
        “still to enter” are not in an SBC (premiums, contributions, funding…) or were not stated plainly. Nothing is saved until you save the plan.
      </p>
      {origin.warnings.length > 0 && (
        <ul className="sbc-warnings">
          {origin.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
