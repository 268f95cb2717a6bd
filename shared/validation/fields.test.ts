// The field building blocks every schema is made of (DECISIONS.md, "Validation rules the spec
// implies", and the DRF message texts of "Errors").
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod, NON_FIELD_ERRORS } from './errors.js';
import { field, INT_MAX, isCalendarDate, objectSchema, TEXT_MAX, withOptionalNulls, zField } from './fields.js';
import { jsonTypeName, messages } from './messages.js';

/** Parses `value` as the single field `f` of an object and returns the DRF errors (or the value). */
function check(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; messages: string[] } {
  const body = value === undefined ? {} : { f: value };
  const result = z.object({ f: schema }).safeParse(body);
  if (result.success) return { ok: true, value: result.data.f };
  return { ok: false, messages: fieldErrorsFromZod(result.error).f ?? [] };
}
const fails = (...list: string[]) => ({ ok: false, messages: list });
const gives = (value: unknown) => ({ ok: true, value });

describe('the DRF messages', () => {
  it('are the texts of Django REST Framework', () => {
    expect(messages.required).toBe('This field is required.');
    expect(messages.notNull).toBe('This field may not be null.');
    expect(messages.blank).toBe('This field may not be blank.');
    expect(messages.integer).toBe('A valid integer is required.');
    expect(messages.boolean).toBe('Must be a valid boolean.');
    expect(messages.uuid).toBe('Must be a valid UUID.');
    expect(messages.email).toBe('Enter a valid email address.');
    expect(messages.date).toBe('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    expect(messages.minValue(0)).toBe('Ensure this value is greater than or equal to 0.');
    expect(messages.maxValue(100)).toBe('Ensure this value is less than or equal to 100.');
    expect(messages.maxLength(255)).toBe('Ensure this field has no more than 255 characters.');
    expect(messages.maxItems(4)).toBe('Ensure this list has at most 4 items.');
    expect(messages.invalidChoice('X')).toBe('"X" is not a valid choice.');
    expect(messages.notAList('CA')).toBe('Expected a list of items but got type "str".');
    expect(messages.alreadyExists('employer', 'name')).toBe('employer with this name already exists.');
    expect(messages.doesNotExist('abc')).toBe('Invalid pk "abc" - object does not exist.');
  });

  it('are the detail texts of DECISIONS.md', () => {
    expect(messages.noCredentials).toBe('Authentication credentials were not provided.');
    expect(messages.invalidToken).toBe('Invalid token.');
    expect(messages.notFound).toBe('Not found.');
    expect(messages.permissionDenied).toBe('You do not have permission to perform this action.');
    expect(messages.methodNotAllowed('PATCH')).toBe('Method "PATCH" not allowed.');
    expect(messages.jsonParse('Unexpected token')).toBe('JSON parse error - Unexpected token');
    expect(messages.tooLarge).toBe('Request body too large.');
    expect(messages.throttled(30)).toBe('Request was throttled. Expected available in 30 seconds.');
    expect(messages.throttled(1)).toBe('Request was throttled. Expected available in 1 second.');
  });

  it('name JSON types the way Python does', () => {
    expect([null, [], 'x', 1, 1.5, true, {}].map(jsonTypeName)).toEqual(['NoneType', 'list', 'str', 'int', 'float', 'bool', 'dict']);
  });
});

describe('isCalendarDate', () => {
  it.each(['2025-01-01', '2024-02-29', '2000-02-29', '2025-12-31', '2025-04-30'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it('rejects 2025-02-29 as a date', () => {
    expect(isCalendarDate('2025-02-29')).toBe(false);
  });

  it.each([
    '1900-02-29',
    '2025-04-31',
    '2025-13-01',
    '2025-00-01',
    '2025-01-00',
    '0000-01-01',
    '2025-1-01',
    '25-01-01',
    '2025/01/01',
    '2025-01-01T00:00:00',
    '',
  ])('rejects %j', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });
});

describe('zField.int', () => {
  const int = zField.int();

  it('accepts a JSON integer', () => {
    expect(check(int, 0)).toEqual(gives(0));
    expect(check(int, INT_MAX)).toEqual(gives(2147483647));
  });

  it('rejects a numeric string where an integer is required', () => {
    expect(check(int, '12')).toEqual(fails('A valid integer is required.'));
  });

  it('rejects a fraction, a boolean, an object', () => {
    for (const value of [1.5, true, {}, []]) expect(check(int, value)).toEqual(fails(messages.integer));
  });

  it('rejects negative values by default', () => {
    expect(check(int, -1)).toEqual(fails('Ensure this value is greater than or equal to 0.'));
  });

  it('rejects values above the bound', () => {
    expect(check(zField.int(0, 100), 101)).toEqual(fails('Ensure this value is less than or equal to 100.'));
    expect(check(int, INT_MAX + 1)).toEqual(fails(messages.maxValue(INT_MAX)));
  });

  it('says "required" for an absent key and "may not be null" for null', () => {
    expect(check(int, undefined)).toEqual(fails('This field is required.'));
    expect(check(int, null)).toEqual(fails('This field may not be null.'));
  });
});

describe('zField.text', () => {
  it('trims surrounding whitespace', () => {
    expect(check(zField.text(), '  Acme \n')).toEqual(gives('Acme'));
  });

  it('rejects a blank required string', () => {
    expect(check(zField.text(), '')).toEqual(fails('This field may not be blank.'));
    expect(check(zField.text(), ' \t\n')).toEqual(fails('This field may not be blank.'));
  });

  it('reports a blank string alone, not also the rules that follow', () => {
    expect(check(zField.text().regex(/^\d+$/, { error: 'digits only' }), '')).toEqual(fails(messages.blank));
    expect(check(zField.text().regex(/^\d+$/, { error: 'digits only' }), 'x')).toEqual(fails('digits only'));
  });

  it('rejects a string longer than its limit, counted after trimming', () => {
    expect(check(zField.text(), 'x'.repeat(TEXT_MAX + 1))).toEqual(fails('Ensure this field has no more than 255 characters.'));
    expect(check(zField.text(5), '  abcde  ')).toEqual(gives('abcde'));
  });

  it('rejects a non-string with the type message only (no blank or length message)', () => {
    expect(check(zField.text(), [])).toEqual(fails('Not a valid string.'));
    expect(check(zField.text(3), ['a', 'b', 'c', 'd'])).toEqual(fails('Not a valid string.'));
    expect(check(zField.text(), 5)).toEqual(fails('Not a valid string.'));
    expect(check(zField.text(), null)).toEqual(fails(messages.notNull));
    expect(check(zField.text(), undefined)).toEqual(fails(messages.required));
  });
});

describe('zField.bool', () => {
  it('accepts true and false only', () => {
    expect(check(zField.bool(), false)).toEqual(gives(false));
    for (const value of ['true', 1, 0, 'yes']) expect(check(zField.bool(), value)).toEqual(fails('Must be a valid boolean.'));
  });
});

describe('zField.date', () => {
  it('accepts a real date', () => {
    expect(check(zField.date(), '2024-02-29')).toEqual(gives('2024-02-29'));
  });

  it('rejects 2025-02-29 as a date', () => {
    expect(check(zField.date(), '2025-02-29')).toEqual(fails('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'));
  });

  it('rejects a non-string', () => {
    expect(check(zField.date(), 20250101)).toEqual(fails(messages.date));
  });
});

describe('zField.uuid', () => {
  it('normalises to lower case', () => {
    expect(check(zField.uuid(), '6F1C2A4E-8B3D-4C5E-9F7A-1B2C3D4E5F60')).toEqual(gives('6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60'));
  });

  it.each(['abc', '6f1c2a4e8b3d4c5e9f7a1b2c3d4e5f60', '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f6', '{6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60}', 42])(
    'rejects %j',
    (value) => {
      expect(check(zField.uuid(), value)).toEqual(fails('Must be a valid UUID.'));
    },
  );
});

describe('zField.uuidItem', () => {
  it('names the item', () => {
    expect(check(zField.uniqueList(zField.uuidItem()), ['abc'])).toEqual(fails("'abc' is not a valid UUID."));
    expect(check(zField.uniqueList(zField.uuidItem()), [null])).toEqual(fails("'null' is not a valid UUID."));
  });

  it('normalises to lower case', () => {
    expect(check(zField.uuidItem(), '6F1C2A4E-8B3D-4C5E-9F7A-1B2C3D4E5F60')).toEqual(gives('6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60'));
  });
});

describe('zField.choice', () => {
  const choice = zField.choice(['RENEWED', 'CONVERTED'] as const);

  it('accepts a listed value', () => {
    expect(check(choice, 'RENEWED')).toEqual(gives('RENEWED'));
  });

  it('rejects another value, naming it', () => {
    expect(check(choice, 'renewed')).toEqual(fails('"renewed" is not a valid choice.'));
    expect(check(choice, 3)).toEqual(fails('"3" is not a valid choice.'));
  });

  it('says "required" and "may not be null"', () => {
    expect(check(choice, undefined)).toEqual(fails(messages.required));
    expect(check(choice, null)).toEqual(fails(messages.notNull));
  });
});

describe('zField.uniqueList', () => {
  it('accepts unique items and an empty list', () => {
    expect(check(zField.uniqueList(z.string()), ['a', 'b'])).toEqual(gives(['a', 'b']));
    expect(check(zField.uniqueList(z.string()), [])).toEqual(gives([]));
  });

  it('names each repeated item once per repetition', () => {
    expect(check(zField.uniqueList(z.string()), ['CA', 'NV', 'CA'])).toEqual(fails("'CA' appears more than once."));
    expect(check(zField.uniqueList(z.string()), ['CA', 'NV', 'CA', 'NV'])).toEqual(fails("'CA' appears more than once.", "'NV' appears more than once."));
  });

  it('compares items after normalising them', () => {
    expect(check(zField.uniqueList(zField.uuid()), ['6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60', '6F1C2A4E-8B3D-4C5E-9F7A-1B2C3D4E5F60'])).toEqual(
      fails("'6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60' appears more than once."),
    );
  });

  it('limits the number of items', () => {
    expect(check(zField.uniqueList(z.string(), 4), ['a', 'b', 'c', 'd'])).toEqual(gives(['a', 'b', 'c', 'd']));
    expect(check(zField.uniqueList(z.string(), 4), ['a', 'b', 'c', 'd', 'e'])).toEqual(fails('Ensure this list has at most 4 items.'));
  });

  it('rejects a value that is not a list, naming its type', () => {
    expect(check(zField.uniqueList(z.string()), 'CA')).toEqual(fails('Expected a list of items but got type "str".'));
    expect(check(zField.uniqueList(z.string()), { CA: true })).toEqual(fails('Expected a list of items but got type "dict".'));
    expect(check(zField.uniqueList(z.string()), 5)).toEqual(fails('Expected a list of items but got type "int".'));
    // A string longer than the limit is still "not a list", not "too many items".
    expect(check(zField.uniqueList(z.string(), 4), 'ABCDEF')).toEqual(fails('Expected a list of items but got type "str".'));
  });

  it('says "required" and "may not be null"', () => {
    expect(check(zField.uniqueList(z.string()), undefined)).toEqual(fails(messages.required));
    expect(check(zField.uniqueList(z.string()), null)).toEqual(fails(messages.notNull));
  });
});

describe('field tables', () => {
  it('bounds money at 0..2147483647 and percentages at 0..100', () => {
    expect(field.int('required', 'money', 'm', 'h')).toMatchObject({ min: 0, max: INT_MAX });
    expect(field.int('required', 'percent', 'p', 'h')).toMatchObject({ min: 0, max: 100 });
    expect(field.int('required', 'count', 'c', 'h')).toMatchObject({ min: 0 });
  });

  const table = {
    req: field.int('required', 'money', 'Required', ''),
    nul: field.int('nullable', 'money', 'Required but nullable', ''),
    opt: field.int('optional', 'money', 'Optional', ''),
  };
  const schema = objectSchema(table);
  const parse = (body: Record<string, unknown>) => {
    const result = schema.safeParse(withOptionalNulls(table, body));
    return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrorsFromZod(result.error) };
  };

  it('requires a required key and refuses null for it', () => {
    expect(parse({ nul: 1 })).toEqual({ ok: false, errors: { req: [messages.required] } });
    expect(parse({ req: null, nul: 1 })).toEqual({ ok: false, errors: { req: [messages.notNull] } });
  });

  it('requires a nullable key but accepts null for it', () => {
    expect(parse({ req: 1 })).toEqual({ ok: false, errors: { nul: [messages.required] } });
    expect(parse({ req: 1, nul: null })).toEqual({ ok: true, value: { req: 1, nul: null, opt: null } });
  });

  it('returns absent optional fields as null', () => {
    expect(parse({ req: 1, nul: 2 })).toEqual({ ok: true, value: { req: 1, nul: 2, opt: null } });
    expect(withOptionalNulls(table, { req: 1 })).toEqual({ req: 1, opt: null });
  });

  it('keeps a given optional value', () => {
    expect(parse({ req: 1, nul: 2, opt: 3 })).toEqual({ ok: true, value: { req: 1, nul: 2, opt: 3 } });
  });

  it('ignores unknown fields', () => {
    expect(parse({ req: 1, nul: 2, extra: 'x' })).toEqual({ ok: true, value: { req: 1, nul: 2, opt: null } });
  });
});

describe('fieldErrorsFromZod', () => {
  it('groups messages by top-level field, array items under their list', () => {
    const schema = z.object({ a: z.array(z.string({ error: 'bad item' })), b: z.string({ error: 'bad b' }) });
    const result = schema.safeParse({ a: ['x', 1, 2], b: 3 });
    expect(result.success).toBe(false);
    if (result.success) return;
    // The same message twice for two items is reported once.
    expect(fieldErrorsFromZod(result.error)).toEqual({ a: ['bad item'], b: ['bad b'] });
  });

  it('puts errors not tied to one field under non_field_errors', () => {
    const schema = z.object({ a: z.int() }).refine(() => false, { error: 'The pair is not allowed.' });
    const result = schema.safeParse({ a: 1 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(NON_FIELD_ERRORS).toBe('non_field_errors');
    expect(fieldErrorsFromZod(result.error)).toEqual({ non_field_errors: ['The pair is not allowed.'] });
  });
});
