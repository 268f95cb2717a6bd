// Division writable fields (service-spec.md, "Division"): name, users (e-mails), employer_ids, all
// required; and the AddUser body: email (required).
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS, validDivisionBody } from '../../tests/support/fixtures.js';
import { messages } from '../validation/messages.js';
import { parseDivision, parseDivisionMember } from './division.js';

const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });
const FIELDS = ['name', 'users', 'employer_ids'];

describe('division', () => {
  it('accepts a valid body', () => {
    expect(parseDivision(validDivisionBody())).toEqual({
      ok: true,
      value: {
        name: 'West Region',
        users: ['jordan.lee@acmewidgets.example.com', 'sam.ortiz@acmewidgets.example.com'],
        employer_ids: [FIXTURE_IDS.employer],
      },
    });
  });

  it('requires all three fields', () => {
    expect(parseDivision({})).toEqual(rejected(Object.fromEntries(FIELDS.map((n) => [n, [messages.required]]))));
  });

  it.each(FIELDS)('rejects null for %s', (name) => {
    expect(parseDivision(validDivisionBody({ [name]: null }))).toEqual(rejected({ [name]: [messages.notNull] }));
  });

  it('accepts a division with no users and no employers yet', () => {
    expect(parseDivision(validDivisionBody({ users: [], employer_ids: [] })).ok).toBe(true);
  });

  it('ignores unknown fields', () => {
    const result = parseDivision(validDivisionBody({ id: '00000000-0000-4000-8000-000000000001', account: 'x' }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.value).sort()).toEqual([...FIELDS].sort());
  });

  it('rejects a blank required string', () => {
    expect(parseDivision(validDivisionBody({ name: '  ' }))).toEqual(rejected({ name: ['This field may not be blank.'] }));
  });

  it('trims surrounding whitespace', () => {
    const result = parseDivision(validDivisionBody({ name: ' West Region ' }));
    expect(result.ok && result.value.name).toBe('West Region');
  });

  describe('users are e-mails', () => {
    it('rejects a user that is not an e-mail address, naming the item', () => {
      expect(parseDivision(validDivisionBody({ users: ['jordan.lee'] }))).toEqual(rejected({ users: ["'jordan.lee' is not a valid email address."] }));
    });

    it('names each bad user', () => {
      expect(parseDivision(validDivisionBody({ users: ['jordan@acme.com', FIXTURE_IDS.employer, '', 7] }))).toEqual(
        rejected({
          users: [`'${FIXTURE_IDS.employer}' is not a valid email address.`, "'' is not a valid email address.", "'7' is not a valid email address."],
        }),
      );
    });

    it('trims the e-mails', () => {
      const result = parseDivision(validDivisionBody({ users: [' sam@acme.com '] }));
      expect(result.ok && result.value.users).toEqual(['sam@acme.com']);
    });

    it('rejects a repeated user, compared case-insensitively', () => {
      expect(parseDivision(validDivisionBody({ users: ['Jordan.Lee@Acme.com', 'jordan.lee@acme.com'] }))).toEqual(
        rejected({ users: ["'jordan.lee@acme.com' appears more than once."] }),
      );
    });

    it('returns e-mails in lower case', () => {
      const result = parseDivision(validDivisionBody({ users: ['Jordan.Lee@Acme.com'] }));
      expect(result.ok && result.value.users).toEqual(['jordan.lee@acme.com']);
    });
  });

  describe('employer_ids', () => {
    it('rejects an item that is not a uuid, naming the item', () => {
      expect(parseDivision(validDivisionBody({ employer_ids: ['Acme'] }))).toEqual(rejected({ employer_ids: ["'Acme' is not a valid UUID."] }));
    });

    it('rejects a repeated employer', () => {
      expect(parseDivision(validDivisionBody({ employer_ids: [FIXTURE_IDS.employer, FIXTURE_IDS.employer] }))).toEqual(
        rejected({ employer_ids: [`'${FIXTURE_IDS.employer}' appears more than once.`] }),
      );
    });
  });
});

describe('division addUser body', () => {
  it('accepts an e-mail', () => {
    expect(parseDivisionMember({ email: 'sam.ortiz@acme.com' })).toEqual({ ok: true, value: { email: 'sam.ortiz@acme.com' } });
  });

  it('requires email', () => {
    expect(parseDivisionMember({})).toEqual(rejected({ email: ['This field is required.'] }));
    expect(parseDivisionMember({ email: null })).toEqual(rejected({ email: ['This field may not be null.'] }));
  });

  it('rejects an invalid e-mail address', () => {
    expect(parseDivisionMember({ email: 'sam' })).toEqual(rejected({ email: ['Enter a valid email address.'] }));
  });

  it('ignores unknown fields', () => {
    expect(parseDivisionMember({ email: 'sam@acme.com', role: 'admin' })).toEqual({ ok: true, value: { email: 'sam@acme.com' } });
  });
});
