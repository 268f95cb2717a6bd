// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { provenanceText } from './provenance';

const NOW = new Date('2026-03-01T12:00:00.000Z');

describe('where a record came from, in words', () => {
  it('names the environment and how long ago it was last pulled', () => {
    expect(provenanceText({ env: 'production', pulled_at: '2026-03-01T10:00:00.000Z', changed_here: false }, NOW)).toBe('from production, 2 hours ago');
  });

  it('says when it changed here since, until that change is on the environment', () => {
    expect(provenanceText({ env: 'production', pulled_at: '2026-03-01T10:00:00.000Z', changed_here: true }, NOW)).toBe(
      'from production, 2 hours ago; changed since, not yet on production',
    );
  });
});
