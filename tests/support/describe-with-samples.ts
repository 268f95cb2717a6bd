// `describe` for tests of the real SBC samples (tests/support/sbc-samples.ts), apart from the samples'
// plain functions so that scripts outside the test runner (`npm run sbc:accuracy`) can load those.
import { describe } from 'vitest';
import { samplesMissing } from './sbc-samples.js';

/** `describe` for tests of the real samples: skipped, with the reason said once, when they are missing. */
export function describeWithSamples(): ReturnType<typeof describe.skipIf> {
  const missing = samplesMissing();
  if (missing) console.warn(`SBC sample tests skipped: ${missing}`);
  return describe.skipIf(missing !== undefined);
}
