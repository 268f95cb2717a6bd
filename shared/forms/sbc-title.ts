import type { SbcReading } from '../sbc.js';
import { TEXT_MAX } from '../validation/fields.js';

/** What follows the plan's name on an SBC's header line. */
const AFTER_NAME = /\s*(?:\||Coverage for:|Coverage Period:|Plan Type:)/i;

/**
 * A title for a plan read from an SBC: the carrier and the plan's name, as the header line states
 * them ("Kaiser Permanente: $40/$1000 PPO Plan    Coverage for: …" gives "Kaiser Permanente
 * $40/$1000 PPO Plan"), with where it was read. Undefined when the header names no plan.
 */
export function proposedSbcTitle(reading: SbcReading): { title: string; source: { page: number; text: string } } | undefined {
  const carrier = reading.plan['carrier'];
  const source = reading.sources['carrier'];
  if (typeof carrier !== 'string' || !source || !source.text.includes(':')) return undefined;
  const name = source.text
    .slice(source.text.indexOf(':') + 1)
    .split(AFTER_NAME)[0]!
    .trim();
  if (name === '') return undefined;
  const title = name.toLowerCase().startsWith(carrier.toLowerCase()) ? name : `${carrier} ${name}`;
  return { title: title.slice(0, TEXT_MAX).trim(), source };
}
