import { z } from 'zod';
import { zField, type FieldTable } from '../../../shared/validation/fields.js';

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect), as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/** What a body is to its operation: what a client sends (input) or what the service answers (output). */
type Direction = 'input' | 'output';

/**
 * A zod schema as JSON Schema, through zod's own `z.toJSONSchema`: what zod cannot say is either
 * said here from the same code, or refused. Refinements are left out (the document is then looser
 * than the service, never stricter); `.meta()` facts are kept (`zField.text` gives its lengths).
 * `replace` stands in for the zod schemas it names (a record of the changes feed is any record a GET answers).
 */
export function jsonSchemaOf(schema: z.ZodType, direction: Direction, replace: ReadonlyMap<z.core.$ZodType, JsonSchema> = new Map()): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: direction,
    unrepresentable: (ctx) => (replace.has(ctx.zodSchema) ? {} : 'throw'),
    override: (ctx) => {
      const stand = replace.get(ctx.zodSchema);
      if (stand) {
        for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as JsonSchema)[key];
        Object.assign(ctx.jsonSchema, stand);
      }
      keepPatternFlags(ctx.zodSchema, ctx.jsonSchema as JsonSchema);
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** An id as the API takes one, in a path, a query or a body: a UUID in either case. */
export const anyCaseId = (): JsonSchema => jsonSchemaOf(zField.uuid(), 'input');

/**
 * JSON Schema's `pattern` has no flags: zod writes a RegExp's source alone, so `/^[0-9a-f]{8}.../i`
 * (an id in either case, as the API accepts one) would become lower case only. A case-insensitive
 * pattern is rewritten to say both cases; any other flag cannot be said and is refused.
 */
function keepPatternFlags(schema: z.core.$ZodType, json: JsonSchema): void {
  for (const pattern of patternsOf(schema)) {
    const flags = pattern.flags.replace('u', '');
    if (flags === '') continue;
    if (flags !== 'i') throw new Error(`The pattern /${pattern.source}/${pattern.flags} has flags JSON Schema cannot express.`);
    const written = [json, ...((json.allOf as JsonSchema[] | undefined) ?? [])].find((part) => part.pattern === pattern.source);
    if (written) written.pattern = caseInsensitiveSource(pattern.source);
  }
}

/** The regular expressions a string schema checks, where zod's JSON Schema takes them from. */
function patternsOf(schema: z.core.$ZodType): RegExp[] {
  const checks = (schema._zod.def as { checks?: { _zod: { def: { pattern?: unknown } } }[] }).checks ?? [];
  const patterns = checks.map((check) => check._zod.def.pattern).filter((pattern): pattern is RegExp => pattern instanceof RegExp);
  return [...new Set([...patterns, ...((schema._zod.bag as { patterns?: Set<RegExp> }).patterns ?? [])])];
}

/** A regular expression's source that matches what it matched with the `i` flag: each letter in both cases. */
export function caseInsensitiveSource(source: string): string {
  let out = '';
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === '\\') {
      out += source.slice(index, index + 2);
      index += 1;
    } else if (inClass) {
      if (char === ']') {
        inClass = false;
        out += char;
        continue;
      }
      const range = /^([a-zA-Z])-([a-zA-Z])/.exec(source.slice(index));
      if (range) {
        out += `${range[0]}${otherCase(range[1]!)}-${otherCase(range[2]!)}`;
        index += 2;
      } else {
        out += /[a-zA-Z]/.test(char) ? `${char}${otherCase(char)}` : char;
      }
    } else if (char === '[') {
      inClass = true;
      out += char;
      if (source[index + 1] === '^') {
        out += '^';
        index += 1;
      }
    } else if (char === '{') {
      // A quantifier ({8}, {1,5}) holds no letters to change.
      const end = source.indexOf('}', index);
      out += source.slice(index, end + 1);
      index = end;
    } else {
      out += /[a-zA-Z]/.test(char) ? `[${char}${otherCase(char)}]` : char;
    }
  }
  return out;
}

function otherCase(letter: string): string {
  return letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
}

/**
 * What a body's field table says that its zod schema cannot: each field's label and the spec's
 * description, and in a request which fields may be left out. zod reads every key of an object as
 * required (an `optional` field is only nullable there: the service fills in null before parsing),
 * while the spec's `nullable` fields are required but may be null, and the `optional` ones may be
 * left out. A response always has every key.
 */
export function withFieldTable(json: JsonSchema, fields: FieldTable, direction: Direction): JsonSchema {
  const properties = json.properties as Record<string, JsonSchema>;
  for (const [name, spec] of Object.entries(fields)) {
    if (!properties[name]) throw new Error(`The field table names ${name}, which the schema does not have.`);
    properties[name] = { title: spec.label, description: spec.help, ...properties[name] };
  }
  if (direction === 'input') json.required = (json.required as string[]).filter((name) => fields[name]?.presence !== 'optional');
  return json;
}

/** Field descriptions of a body that has no field table (an employer's), by field name. */
export function withFieldHelp(json: JsonSchema, help: Readonly<Record<string, { label: string; help: string }>>): JsonSchema {
  const properties = json.properties as Record<string, JsonSchema>;
  for (const [name, { label, help: text }] of Object.entries(help)) {
    if (!properties[name]) throw new Error(`The help names ${name}, which the schema does not have.`);
    properties[name] = { title: label, description: text, ...properties[name] };
  }
  return json;
}
