const TIER_FIELD = /^t[1-4]_(\w+)$/;

/**
 * A step's fields as the step lays them out: the tiers of one amount (t1_ee to t4_ee) together, a
 * row of their own with one column per tier, so each tier's contribution, gross cost and HSA funding
 * line up; every other field alone. The order is kept: Enter and Tab go through them as before.
 */
export function tierRows(fields: readonly string[]): (string | string[])[] {
  const rows: (string | string[])[] = [];
  for (const field of fields) {
    const amount = TIER_FIELD.exec(field)?.[1];
    const last = rows.at(-1);
    if (amount && Array.isArray(last) && TIER_FIELD.exec(last[0]!)?.[1] === amount) last.push(field);
    else rows.push(amount ? [field] : field);
  }
  return rows;
}
