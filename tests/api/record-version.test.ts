// A record's version: the ETag `plandesk serve` answers and holds If-Match to, and what a workspace
// keeps for every record it pushed or pulled, to tell a change made on the remote. Versions are
// stored, so the digest of a record never changes between releases.
import { describe, expect, it } from 'vitest';
import { recordVersion } from '../../main/service/record-version.js';

const record = {
  id: '0b7e',
  title: 'Gold PPO',
  employer: '5f1c',
  deductible: 1500,
  hsa: false,
  from_plan: null,
  location_states: ['NY', 'CA'],
  tiers: [
    { name: 'b', rate: 2 },
    { name: 'a', rate: 1 },
  ],
  notes: undefined,
  status: 'active',
  plans: [{ id: 'p' }],
};

describe('recordVersion', () => {
  it('is the digest earlier releases stored for the same record', () => {
    expect(recordVersion(record)).toBe('rz60loT8lEJadUnWd77fRqrFfm-l-Xoazr0If8xQFyc');
  });

  it('is the digest earlier releases stored for a record of plain values only (a plan), whatever its order of fields', () => {
    const plan = { title: 'Gold PPO "2027" Łódź', id: '0b7e', employer: '5f1c', deductible: 1500, coin: 12.5, hsa: false, from_plan: null, status: 'ACTIVE' };
    const digest = 'bm1NxhX92Ue11MqE3hW9IZVrm0Pg51DyY7KLLfZSXy8';
    expect(recordVersion({ ...plan, created_at: '2026-01-01T00:00:00Z' })).toBe(digest);
    expect(recordVersion({ created_at: '2026-01-01T00:00:00Z', ...Object.fromEntries(Object.entries(plan).reverse()) })).toBe(digest);
    expect(recordVersion({ ...plan, created_at: '2026-01-01T00:00:00Z', status: 'EXPIRED' })).toBe(digest);
    expect(recordVersion({ ...plan, created_at: '2026-01-02T00:00:00Z' })).not.toBe(digest);
  });

  it('does not move with the order of fields, the order of a list of plain values, or the derived fields', () => {
    const reordered = Object.fromEntries(Object.entries(record).reverse());
    expect(recordVersion({ ...reordered, location_states: ['CA', 'NY'], status: 'expired', plans: [], employer_ids: ['x'] })).toBe(recordVersion(record));
  });

  it('moves with any value of the record itself, and with the order of a list of objects', () => {
    expect(recordVersion({ ...record, deductible: 2000 })).not.toBe(recordVersion(record));
    expect(recordVersion({ ...record, tiers: [...record.tiers].reverse() })).not.toBe(recordVersion(record));
    expect(
      recordVersion({
        ...record,
        tiers: [
          { rate: 2, name: 'b' },
          { name: 'a', rate: 1 },
        ],
      }),
    ).toBe(recordVersion(record));
  });
});
