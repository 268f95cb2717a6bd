// Employer writable fields (service-spec.md, "Employer", "Limits"; DECISIONS.md, "Validation rules
// the spec implies"). A 400 body has optional keys name, url, size, naics_codes, location_states,
// other_filters, division, each an array of messages.
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS, validEmployerBody, withoutKeys } from '../../tests/support/fixtures.js';
import { messages } from '../validation/messages.js';
import { EMPLOYER_FIELDS, parseEmployer } from './employer.js';
import { US_STATES } from './us-states.js';

const SPEC_FIELDS = ['name', 'url', 'size', 'naics_codes', 'location_states', 'other_filters', 'division'];
const body = (overrides: Record<string, unknown> = {}) => validEmployerBody(FIXTURE_IDS.division, overrides);
const rejected = (errors: Record<string, string[]>) => ({ ok: false, errors });

const SIZE_MESSAGE = 'Enter the number of full-time eligible employees as digits greater than 0, for example "250".';
const URL_MESSAGE = "Enter a valid URL starting with 'https://' or 'http://', with a host name.";
const stateMessage = (code: string) => `'${code}' is not a capitalized 2-letter US state abbreviation (use DC for Washington, DC).`;

describe('employer', () => {
  it('has the seven writable fields of the spec', () => {
    expect([...EMPLOYER_FIELDS].sort()).toEqual([...SPEC_FIELDS].sort());
  });

  it('accepts a valid body and returns exactly the writable fields', () => {
    expect(parseEmployer(body())).toEqual({
      ok: true,
      value: {
        name: 'Acme Widgets, Inc.',
        url: 'https://www.acmewidgets.example.com',
        size: '250',
        naics_codes: ['332710', '423830'],
        location_states: ['CA', 'NV', 'DC'],
        other_filters: [FIXTURE_IDS.filter],
        division: FIXTURE_IDS.division,
      },
    });
  });

  it('requires all seven fields', () => {
    expect(parseEmployer({})).toEqual(rejected(Object.fromEntries(SPEC_FIELDS.map((n) => [n, ['This field is required.']]))));
  });

  it.each(SPEC_FIELDS)('rejects null for %s', (name) => {
    expect(parseEmployer(body({ [name]: null }))).toEqual(rejected({ [name]: ['This field may not be null.'] }));
  });

  it('ignores unknown fields', () => {
    const result = parseEmployer(body({ industry: 'Manufacturing' }));
    expect(result.ok && result.value).not.toHaveProperty('industry');
  });

  it('ignores read-only fields sent in the body', () => {
    const result = parseEmployer(
      body({
        id: '00000000-0000-4000-8000-000000000001',
        account: '00000000-0000-4000-8000-000000000002',
        plans: [{ benefit: 'medical', id: '00000000-0000-4000-8000-000000000003' }],
        plans_expired: [],
        created_at: '2025-01-01T00:00:00Z',
        created_by: '00000000-0000-4000-8000-000000000004',
      }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.value).sort()).toEqual([...SPEC_FIELDS].sort());
  });

  describe('name', () => {
    it('rejects a blank required string', () => {
      expect(parseEmployer(body({ name: '' }))).toEqual(rejected({ name: [messages.blank] }));
      expect(parseEmployer(body({ name: '  \t ' }))).toEqual(rejected({ name: ['This field may not be blank.'] }));
    });

    it('trims surrounding whitespace', () => {
      const result = parseEmployer(body({ name: '  Acme Widgets, Inc.  ' }));
      expect(result.ok && result.value.name).toBe('Acme Widgets, Inc.');
    });

    it('rejects a list where a string is required, with the type message only', () => {
      expect(parseEmployer(body({ name: [] }))).toEqual(rejected({ name: ['Not a valid string.'] }));
      expect(parseEmployer(body({ name: Array(300).fill('a') }))).toEqual(rejected({ name: ['Not a valid string.'] }));
    });

    it('rejects a name over 255 characters', () => {
      expect(parseEmployer(body({ name: 'A'.repeat(256) }))).toEqual(rejected({ name: ['Ensure this field has no more than 255 characters.'] }));
    });
  });

  describe('url', () => {
    it.each(['https://acme.com', 'http://acme.com', 'https://www.acme.co.uk/about?ref=1#team', 'http://intranet.acme.com:8080/', 'https://localhost'])(
      'accepts %s',
      (url) => {
        expect(parseEmployer(body({ url })).ok).toBe(true);
      },
    );

    it.each(['acme.com', 'www.acme.com', 'ftp://acme.com', 'https://', 'http://', 'https:///path', 'https://acme .com', 'mailto:hr@acme.com', '//acme.com'])(
      'rejects %j: url must start with http:// or https:// and have a host',
      (url) => {
        expect(parseEmployer(body({ url }))).toEqual(rejected({ url: [URL_MESSAGE] }));
      },
    );

    it('rejects a blank url with the blank message only', () => {
      expect(parseEmployer(body({ url: '' }))).toEqual(rejected({ url: [messages.blank] }));
    });

    it('trims surrounding whitespace', () => {
      const result = parseEmployer(body({ url: ' https://acme.com ' }));
      expect(result.ok && result.value.url).toBe('https://acme.com');
    });
  });

  describe('size', () => {
    it.each(['1', '250', '12000'])('accepts the digit string %j', (size) => {
      const result = parseEmployer(body({ size }));
      expect(result.ok && result.value.size).toBe(size);
    });

    it('rejects a JSON number (size is sent as a string)', () => {
      expect(parseEmployer(body({ size: 250 }))).toEqual(rejected({ size: ['Not a valid string.'] }));
    });

    it('rejects a size of 0', () => {
      expect(parseEmployer(body({ size: '0' }))).toEqual(rejected({ size: [SIZE_MESSAGE] }));
      expect(parseEmployer(body({ size: '000' }))).toEqual(rejected({ size: [SIZE_MESSAGE] }));
    });

    it.each(['-5', '2.5', '1,000', '250 staff', 'about 250', '1e3', '+250'])('rejects the non-digit string %j', (size) => {
      expect(parseEmployer(body({ size }))).toEqual(rejected({ size: [SIZE_MESSAGE] }));
    });

    it('rejects a blank size with the blank message only', () => {
      expect(parseEmployer(body({ size: '' }))).toEqual(rejected({ size: [messages.blank] }));
    });
  });

  describe('naics_codes', () => {
    it('accepts up to four 6-digit codes', () => {
      expect(parseEmployer(body({ naics_codes: ['332710', '423830', '541512', '611310'] })).ok).toBe(true);
    });

    it('accepts no codes', () => {
      expect(parseEmployer(body({ naics_codes: [] })).ok).toBe(true);
    });

    it('rejects a fifth NAICS code', () => {
      expect(parseEmployer(body({ naics_codes: ['332710', '423830', '541512', '611310', '722511'] }))).toEqual(
        rejected({ naics_codes: ['Ensure this list has at most 4 items.'] }),
      );
    });

    it('rejects a code that is not exactly 6 digits', () => {
      expect(parseEmployer(body({ naics_codes: ['12345'] }))).toEqual(rejected({ naics_codes: ["'12345' is not a 6-digit NAICS code."] }));
      expect(parseEmployer(body({ naics_codes: ['1234567'] }))).toEqual(rejected({ naics_codes: ["'1234567' is not a 6-digit NAICS code."] }));
      expect(parseEmployer(body({ naics_codes: ['33271A'] }))).toEqual(rejected({ naics_codes: ["'33271A' is not a 6-digit NAICS code."] }));
      expect(parseEmployer(body({ naics_codes: [' 332710'] }))).toEqual(rejected({ naics_codes: ["' 332710' is not a 6-digit NAICS code."] }));
    });

    it('rejects six digits that are not a NAICS code of the list the picker offers, naming the code', () => {
      expect(parseEmployer(body({ naics_codes: ['999999'] }))).toEqual(rejected({ naics_codes: ["'999999' is not a 2017 NAICS code."] }));
      expect(parseEmployer(body({ naics_codes: ['541511', '541510', '000000'] }))).toEqual(
        rejected({ naics_codes: ["'541510' is not a 2017 NAICS code.", "'000000' is not a 2017 NAICS code."] }),
      );
    });

    it('rejects a code sent as a number', () => {
      expect(parseEmployer(body({ naics_codes: [332710] }))).toEqual(rejected({ naics_codes: ["'332710' is not a 6-digit NAICS code."] }));
    });

    it('names each bad code', () => {
      expect(parseEmployer(body({ naics_codes: ['12345', '332710', '99'] }))).toEqual(
        rejected({ naics_codes: ["'12345' is not a 6-digit NAICS code.", "'99' is not a 6-digit NAICS code."] }),
      );
    });

    it('reports a fifth code and a repeated code together', () => {
      expect(parseEmployer(body({ naics_codes: ['332710', '332710', '423830', '541512', '611310'] }))).toEqual(
        rejected({ naics_codes: ['Ensure this list has at most 4 items.', "'332710' appears more than once."] }),
      );
    });

    it('rejects a repeated code', () => {
      expect(parseEmployer(body({ naics_codes: ['332710', '332710'] }))).toEqual(rejected({ naics_codes: ["'332710' appears more than once."] }));
    });

    it('rejects a single string instead of a list, without a list-length message', () => {
      expect(parseEmployer(body({ naics_codes: '332710' }))).toEqual(rejected({ naics_codes: ['Expected a list of items but got type "str".'] }));
    });

    it('rejects an object instead of a list', () => {
      expect(parseEmployer(body({ naics_codes: { 0: '332710', length: 5 } }))).toEqual(
        rejected({ naics_codes: ['Expected a list of items but got type "dict".'] }),
      );
    });
  });

  describe('location_states', () => {
    it('accepts DC as a state', () => {
      const result = parseEmployer(body({ location_states: ['DC'] }));
      expect(result.ok && result.value.location_states).toEqual(['DC']);
    });

    it('accepts all 50 states and DC', () => {
      const all = Object.keys(US_STATES);
      expect(all).toHaveLength(51);
      expect(parseEmployer(body({ location_states: all })).ok).toBe(true);
    });

    it('rejects a lower-case state', () => {
      expect(parseEmployer(body({ location_states: ['ca'] }))).toEqual(rejected({ location_states: [stateMessage('ca')] }));
      expect(parseEmployer(body({ location_states: ['Ca'] }))).toEqual(rejected({ location_states: [stateMessage('Ca')] }));
    });

    it.each(['PR', 'GU', 'XX', 'CAL', 'C', 'Washington, DC', 'D.C.'])('rejects %j, which is not one of the 50 states or DC', (code) => {
      expect(parseEmployer(body({ location_states: [code] }))).toEqual(rejected({ location_states: [stateMessage(code)] }));
    });

    it('rejects a repeated state', () => {
      expect(parseEmployer(body({ location_states: ['CA', 'NV', 'CA'] }))).toEqual(rejected({ location_states: ["'CA' appears more than once."] }));
    });

    it('accepts no states', () => {
      expect(parseEmployer(body({ location_states: [] })).ok).toBe(true);
    });
  });

  describe('other_filters', () => {
    it('accepts an empty array when no filter applies', () => {
      expect(parseEmployer(body({ other_filters: [] })).ok).toBe(true);
    });

    it('rejects an item that is not a uuid, naming the item', () => {
      expect(parseEmployer(body({ other_filters: ['Non-Profit Organization'] }))).toEqual(
        rejected({ other_filters: ["'Non-Profit Organization' is not a valid UUID."] }),
      );
      expect(parseEmployer(body({ other_filters: [42] }))).toEqual(rejected({ other_filters: ["'42' is not a valid UUID."] }));
    });

    it('rejects a repeated filter, compared case-insensitively', () => {
      expect(parseEmployer(body({ other_filters: [FIXTURE_IDS.filter, FIXTURE_IDS.filter.toUpperCase()] }))).toEqual(
        rejected({ other_filters: [`'${FIXTURE_IDS.filter}' appears more than once.`] }),
      );
    });

    it('returns filter ids in lower case', () => {
      const result = parseEmployer(body({ other_filters: [FIXTURE_IDS.filter.toUpperCase()] }));
      expect(result.ok && result.value.other_filters).toEqual([FIXTURE_IDS.filter]);
    });
  });

  describe('division', () => {
    it('requires a uuid', () => {
      expect(parseEmployer(body({ division: 'West Region' }))).toEqual(rejected({ division: ['Must be a valid UUID.'] }));
    });

    it('takes the division given to the builder', () => {
      const result = parseEmployer(validEmployerBody(FIXTURE_IDS.otherDivision));
      expect(result.ok && result.value.division).toBe(FIXTURE_IDS.otherDivision);
    });
  });

  it('reports errors only under the seven field names', () => {
    const result = parseEmployer(withoutKeys(body({ url: 'acme', size: 0, naics_codes: ['1'], location_states: ['ZZ'], other_filters: ['x'] }), 'division'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['division', 'location_states', 'naics_codes', 'other_filters', 'size', 'url']);
    for (const list of Object.values(result.errors)) {
      expect(list.length).toBeGreaterThan(0);
      for (const message of list) expect(typeof message).toBe('string');
    }
  });
});
