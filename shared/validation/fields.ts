import { z } from 'zod';
import { messages } from './messages.js';
import { unstorableCharacter } from './storable-text.js';
import { UUID_PATTERN } from './uuid.js';

/**
 * How a field must appear in a request body:
 * - `required`: the key is present and the value is not null;
 * - `nullable`: the key is present and the value may be null (the spec's "null if none");
 * - `optional`: the key may be absent or null; it is stored and returned as null.
 */
export type Presence = 'required' | 'nullable' | 'optional';

interface FieldBase<P extends Presence = Presence> {
  readonly presence: P;
  readonly label: string;
  /** The spec's description of the field, shown as help in forms. */
  readonly help: string;
}

export type IntUnit = 'money' | 'percent' | 'count' | 'months' | 'days' | 'weeks' | 'multiplier';

export interface IntField<P extends Presence = Presence> extends FieldBase<P> {
  readonly type: 'int';
  readonly unit: IntUnit;
  readonly min: number;
  readonly max: number;
}
export interface BoolField<P extends Presence = Presence> extends FieldBase<P> {
  readonly type: 'bool';
}
export interface TextField<P extends Presence = Presence> extends FieldBase<P> {
  readonly type: 'text';
  readonly maxLength: number;
}
export interface DateField<P extends Presence = Presence> extends FieldBase<P> {
  readonly type: 'date';
}
export interface UuidField<P extends Presence = Presence> extends FieldBase<P> {
  readonly type: 'uuid';
}
export interface ChoiceField<C extends string = string, P extends Presence = Presence> extends FieldBase<P> {
  readonly type: 'choice';
  readonly choices: readonly C[];
}

export type FieldSpec = IntField | BoolField | TextField | DateField | UuidField | ChoiceField;
export type FieldTable = Readonly<Record<string, FieldSpec>>;

type ValueOf<F> = F extends IntField ? number : F extends BoolField ? boolean : F extends ChoiceField<infer C> ? C : string;

/** The validated record a field table describes: every key present, non-required ones maybe null. */
export type RecordOf<T extends FieldTable> = {
  -readonly [K in keyof T]: T[K]['presence'] extends 'required' ? ValueOf<T[K]> : ValueOf<T[K]> | null;
};

/** Django's IntegerField bounds, which the hosted service inherits. */
export const INT_MAX = 2147483647;
export const TEXT_MAX = 255;

export const field = {
  int<P extends Presence>(presence: P, unit: IntUnit, label: string, help: string, bounds: { min?: number; max?: number } = {}): IntField<P> {
    const max = bounds.max ?? (unit === 'percent' ? 100 : INT_MAX);
    return { type: 'int', presence, unit, label, help, min: bounds.min ?? 0, max };
  },
  bool<P extends Presence>(presence: P, label: string, help: string): BoolField<P> {
    return { type: 'bool', presence, label, help };
  },
  text<P extends Presence>(presence: P, label: string, help: string, maxLength = TEXT_MAX): TextField<P> {
    return { type: 'text', presence, label, help, maxLength };
  },
  date<P extends Presence>(presence: P, label: string, help: string): DateField<P> {
    return { type: 'date', presence, label, help };
  },
  uuid<P extends Presence>(presence: P, label: string, help: string): UuidField<P> {
    return { type: 'uuid', presence, label, help };
  },
  choice<const C extends string, P extends Presence>(presence: P, choices: readonly C[], label: string, help: string): ChoiceField<C, P> {
    return { type: 'choice', presence, choices, label, help };
  },
};

/** Required-field semantics of DRF: absent → "required", null → "may not be null", else the type's message. */
function typeError(specific: (input: unknown) => string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? messages.required : issue.input === null ? messages.notNull : specific(issue.input));
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2025-02-29 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The refinement every free-text string gets: see `unstorableCharacter`. */
export function refuseUnstorable(text: string, ctx: z.RefinementCtx): void {
  const problem = unstorableCharacter(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
}

export const zField = {
  int: (min = 0, max = INT_MAX) =>
    z
      .int({ error: typeError(() => messages.integer) })
      .min(min, { error: messages.minValue(min) })
      .max(max, { error: messages.maxValue(max) }),
  bool: () => z.boolean({ error: typeError(() => messages.boolean) }),
  text: (maxLength = TEXT_MAX) =>
    z
      .string({ error: typeError(() => messages.notString) })
      .trim()
      // Refinements, not .min()/.max(): zod runs its length checks even after a type error (a list
      // sent for a string would also be "blank"). A blank string is reported alone, as DRF does,
      // not also with the format rules that follow.
      .refine((text) => text.length > 0, { error: messages.blank, abort: true })
      .refine((text) => text.length <= maxLength, { error: messages.maxLength(maxLength) })
      .superRefine(refuseUnstorable)
      // What the refinements check, for the API's JSON Schemas (docs/openapi.json), which cannot read a refinement.
      .meta({ minLength: 1, maxLength }),
  date: () =>
    z
      .string({ error: typeError(() => messages.date) })
      .refine(isCalendarDate, { error: messages.date })
      .meta({ format: 'date' }),
  uuid: () =>
    z
      .string({ error: typeError(() => messages.uuid) })
      .regex(UUID_PATTERN, { error: messages.uuid })
      .toLowerCase(),
  /** A uuid inside a list: the message names the item. */
  uuidItem: () =>
    z
      .string({ error: (issue) => messages.invalidUuidItem(issue.input) })
      .regex(UUID_PATTERN, { error: (issue) => messages.invalidUuidItem(issue.input) })
      .toLowerCase(),
  choice: <C extends string>(choices: readonly C[]) => z.enum(choices as readonly [C, ...C[]], { error: typeError(messages.invalidChoice) }),
  /** A JSON list of unique items; duplicates are reported by item. */
  uniqueList: <T extends z.ZodType>(item: T, maxItems?: number) => {
    // The length is checked here, not with .max(): zod runs .max() on anything with a length, so a
    // string sent instead of a list would also get "Ensure this list has at most N items.".
    return z.array(item, { error: typeError(messages.notAList) }).superRefine((items, ctx) => {
      if (maxItems !== undefined && items.length > maxItems) ctx.addIssue({ code: 'custom', message: messages.maxItems(maxItems) });
      const seen = new Set<unknown>();
      for (const [index, value] of items.entries()) {
        if (seen.has(value)) ctx.addIssue({ code: 'custom', message: messages.duplicateItem(value), path: [index] });
        seen.add(value);
      }
    });
  },
};

function zodForField(spec: FieldSpec): z.ZodType {
  const base = (() => {
    switch (spec.type) {
      case 'int':
        return zField.int(spec.min, spec.max);
      case 'bool':
        return zField.bool();
      case 'text':
        return zField.text(spec.maxLength);
      case 'date':
        return zField.date();
      case 'uuid':
        return zField.uuid();
      case 'choice':
        return zField.choice(spec.choices);
    }
  })();
  return spec.presence === 'required' ? base : base.nullable();
}

/** The zod object for a field table. Unknown keys are dropped, as DRF ignores them. */
export function objectSchema<T extends FieldTable>(fields: T) {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, zodForField(spec)]));
  return z.object(shape) as unknown as z.ZodType<RecordOf<T>>;
}

/** Optional fields that are absent become null before validation, so every record has every key. */
export function withOptionalNulls(fields: FieldTable, body: Record<string, unknown>): Record<string, unknown> {
  // Object.assign, not spread: V8 (Node 20) copies an object made by JSON.parse with `{ ...body }`
  // ten times slower (60 us for a medical plan), and serve parses every write's body that way. Into
  // an object without a prototype: a body's own "__proto__" key then stays a key (unknown, dropped)
  // instead of becoming the copy's prototype, whose fields validation would read as the body's.
  const filled: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, body);
  for (const name of optionalNames(fields)) if (filled[name] === undefined) filled[name] = null;
  return filled;
}

const optionalNamesOf = new WeakMap<FieldTable, readonly string[]>();

/** The table's optional fields, listed once per table rather than on every body. */
function optionalNames(fields: FieldTable): readonly string[] {
  let names = optionalNamesOf.get(fields);
  if (!names) {
    names = Object.keys(fields).filter((name) => fields[name]!.presence === 'optional');
    optionalNamesOf.set(fields, names);
  }
  return names;
}
