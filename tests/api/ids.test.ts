// Every record's id is a UUID (service-spec.md "Conventions"). PlanDesk assigns version 7 (RFC 9562):
// time first, so each insert lands at the end of its primary-key index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../main/service/time-ordered-id.js';
import { UUID } from '../support/api-expect.js';
import { startApi, type ApiHarness } from '../support/api-server.js';

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondsOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the Unix time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 23, 18, 30);
    const id = timeOrderedId(at);
    expect(id).toMatch(VERSION_7);
    expect(id).toMatch(UUID);
    expect(millisecondsOf(id)).toBe(at);
  });

  it('sorts by time across milliseconds and stays unique within one', () => {
    const earlier = timeOrderedId(1_000_000);
    const later = timeOrderedId(1_000_001);
    expect(earlier < later).toBe(true);
    const sameMillisecond = new Set(Array.from({ length: 10_000 }, () => timeOrderedId(1_000_000)));
    expect(sameMillisecond.size).toBe(10_000);
  });
});

describe('ids the service assigns', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi();
  });
  afterAll(() => h.close());

  it('are version 7 UUIDs that grow with creation', async () => {
    const first = await h.createEmployer();
    while (Date.now() <= millisecondsOf(first.id)) await new Promise((resolve) => setTimeout(resolve, 1));
    const second = await h.createEmployer();
    expect(first.id).toMatch(VERSION_7);
    expect(second.id).toMatch(VERSION_7);
    expect(first.id < second.id).toBe(true);
  });
});
