// User writable fields (service-spec.md, "User"): email, first_name, last_name, division_ids, all required.
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS, validUserBody } from '../../tests/support/fixtures.js';
import { messages } from '../validation/messages.js';
import { parseUser } from './user.js';

const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });
const FIELDS = ['email', 'first_name', 'last_name', 'division_ids'];

describe('user', () => {
  it('accepts a valid body', () => {
    expect(parseUser(validUserBody())).toEqual({
      ok: true,
      value: { email: 'jordan.lee@acmewidgets.example.com', first_name: 'Jordan', last_name: 'Lee', division_ids: [FIXTURE_IDS.division] },
    });
  });

  it('requires all four fields', () => {
    expect(parseUser({})).toEqual(rejected(Object.fromEntries(FIELDS.map((n) => [n, [messages.required]]))));
  });

  it.each(FIELDS)('rejects null for %s', (name) => {
    expect(parseUser(validUserBody({ [name]: null }))).toEqual(rejected({ [name]: [messages.notNull] }));
  });

  it('ignores unknown fields, and the username, which the service generates', () => {
    const result = parseUser(validUserBody({ username: 'jlee', id: '00000000-0000-4000-8000-000000000001', role: 'admin' }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.value).sort()).toEqual([...FIELDS].sort());
  });

  describe('email', () => {
    it.each(['jordan@acme.com', 'jordan.lee+benefits@hr.acme.co.uk', 'J.Lee@Acme.com'])('accepts %s', (email) => {
      expect(parseUser(validUserBody({ email })).ok).toBe(true);
    });

    it.each(['jordan', 'jordan@', '@acme.com', 'jordan@acme', 'jordan lee@acme.com', 'jordan@@acme.com', 'jordan@acme .com'])(
      'rejects %j as an e-mail address',
      (email) => {
        expect(parseUser(validUserBody({ email }))).toEqual(rejected({ email: ['Enter a valid email address.'] }));
      },
    );

    it('rejects a blank email with the blank message only', () => {
      expect(parseUser(validUserBody({ email: ' ' }))).toEqual(rejected({ email: [messages.blank] }));
    });

    it('trims surrounding whitespace', () => {
      const result = parseUser(validUserBody({ email: '  jordan@acme.com ' }));
      expect(result.ok && result.value.email).toBe('jordan@acme.com');
    });

    it('rejects an email over 254 characters', () => {
      const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
      expect(email).toHaveLength(254);
      expect(parseUser(validUserBody({ email })).ok).toBe(true);
      expect(parseUser(validUserBody({ email: `a${email}` }))).toEqual(rejected({ email: ['Ensure this field has no more than 254 characters.'] }));
    });
  });

  describe('names', () => {
    it.each(['first_name', 'last_name'])('rejects a blank %s', (name) => {
      expect(parseUser(validUserBody({ [name]: '' }))).toEqual(rejected({ [name]: ['This field may not be blank.'] }));
    });

    it('trims surrounding whitespace', () => {
      const result = parseUser(validUserBody({ first_name: ' Jordan ', last_name: 'Lee\n' }));
      expect(result.ok && [result.value.first_name, result.value.last_name]).toEqual(['Jordan', 'Lee']);
    });

    it('rejects a name over 150 characters', () => {
      expect(parseUser(validUserBody({ last_name: 'L'.repeat(151) }))).toEqual(rejected({ last_name: ['Ensure this field has no more than 150 characters.'] }));
    });
  });

  describe('division_ids', () => {
    it('accepts several divisions', () => {
      const result = parseUser(validUserBody({ division_ids: [FIXTURE_IDS.division, FIXTURE_IDS.otherDivision] }));
      expect(result.ok && result.value.division_ids).toEqual([FIXTURE_IDS.division, FIXTURE_IDS.otherDivision]);
    });

    it('rejects an item that is not a uuid, naming the item', () => {
      expect(parseUser(validUserBody({ division_ids: ['West Region'] }))).toEqual(rejected({ division_ids: ["'West Region' is not a valid UUID."] }));
    });

    it('rejects a repeated division', () => {
      expect(parseUser(validUserBody({ division_ids: [FIXTURE_IDS.division, FIXTURE_IDS.division] }))).toEqual(
        rejected({ division_ids: [`'${FIXTURE_IDS.division}' appears more than once.`] }),
      );
    });

    it('rejects a single id instead of a list', () => {
      expect(parseUser(validUserBody({ division_ids: FIXTURE_IDS.division }))).toEqual(
        rejected({ division_ids: ['Expected a list of items but got type "str".'] }),
      );
    });
  });
});
