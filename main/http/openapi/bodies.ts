// The bodies of the API as JSON Schemas, each made from the zod schema the service validates with
// (shared/resources, shared/plans' field tables, shared/sync-wire.ts) and, for what the service
// answers, that schema with the fields the service adds. The additions are zod schemas too, each
// checked against the TypeScript type the service returns, so a field added to one and not the
// other fails `npm run typecheck`.
import { z } from 'zod';
import { capitalised } from '../../../shared/capitalised.js';
import { BENEFITS, planKind, planKinds, type Benefit, type Plan } from '../../../shared/plans/index.js';
import type { ConditionalRequirement, PlanKind } from '../../../shared/plans/kind.js';
import { divisionMemberSchema, divisionSchema, type Division, type NamedRef } from '../../../shared/resources/division.js';
import { employerFieldHelp, employerSchema, type Employer, type EmployerPlanSummary, type EmployerSummary } from '../../../shared/resources/employer.js';
import type { Page } from '../../../shared/resources/page.js';
import { userRoleSchema, userSchema, type User, type UserAdminSummary, type UserSummary } from '../../../shared/resources/user.js';
import { batchResponseSchema, capabilitiesSchema, changesPageSchema, SYNC_LIMITS, type BatchOperation } from '../../../shared/sync-wire.js';
import type { RecordOf } from '../../../shared/validation/fields.js';
import { LOWER_CASE_UUID_PATTERN } from '../../../shared/validation/uuid.js';
import { KEY_PATTERN as IDEMPOTENCY_KEY_PATTERN } from '../idempotency.js';
import { jsonSchemaOf, withFieldHelp, withFieldTable, type JsonSchema } from './json-schema.js';

/** True when A and B are the same type; a `const` typed `Same<A, B>` and given `true` fails to compile otherwise. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** An id the service made or stored: always lower case. */
const id = z.string().regex(LOWER_CASE_UUID_PATTERN);
const timestamp = z.iso.datetime();
const count = z.int().min(0);

const planRef = z.object({ benefit: z.enum(BENEFITS), id });
const namedRef = z.object({ id, name: z.string() });

const employer = employerSchema.extend({
  id,
  account: id,
  plans: z.array(planRef),
  plans_expired: z.array(planRef),
  created_at: timestamp,
  created_by: id,
  updated_at: timestamp,
  updated_by: id,
});
const employerSummary = employerSchema.extend({ id, plan_count: count, expired_plan_count: count });
const employerSummaryPage = z.object({ count, next: z.string().nullable(), previous: z.string().nullable(), results: z.array(employerSummary) });
const employerPlanSummary = planRef.extend({ title: z.string(), carrier: z.string(), start_date: z.string(), end_date: z.string(), expired: z.boolean() });
const user = userSchema.extend({ id, username: z.string() });
const userSummary = z.object({ id, email: z.string(), username: z.string() });
const userAdminSummary = user.extend({ is_admin: z.boolean() });
const division = divisionSchema.extend({ id });
/** What every plan's answer adds to its kind's fields. */
const planReadOnly = z.object({
  id,
  status: z.enum(['ACTIVE', 'EXPIRED']),
  created_at: timestamp,
  updated_at: timestamp,
  created_by: id,
  updated_by: id,
});

/** `POST /batch/`'s body (main/http/batch.ts checks it by hand, with its own messages). */
const batchOperation = z.object({
  method: z.enum(['POST', 'PUT', 'DELETE']),
  path: z.string().regex(/^\//),
  body: z.unknown().optional(),
  idempotency_key: z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional(),
  if_match: z.string().optional(),
});
const batchRequest = z.object({ operations: z.array(batchOperation).max(SYNC_LIMITS.batchOperations) });

const detail = z.object({ detail: z.string() });

// The answers' schemas are the service's types, field for field.
const sameTypes: [
  Same<z.output<typeof employer>, Employer>,
  Same<z.output<typeof employerSummary>, EmployerSummary>,
  Same<z.output<typeof employerSummaryPage>, Page<EmployerSummary>>,
  Same<z.output<typeof employerPlanSummary>, EmployerPlanSummary>,
  Same<z.output<typeof namedRef>, NamedRef>,
  Same<z.output<typeof user>, User>,
  Same<z.output<typeof userSummary>, UserSummary>,
  Same<z.output<typeof userAdminSummary>, UserAdminSummary>,
  Same<z.output<typeof division>, Division>,
  Same<z.output<typeof planReadOnly>, Omit<Plan<'medical'>, keyof RecordOf<(typeof planKinds)['medical']['fields']>>>,
  Same<z.input<typeof batchOperation>, BatchOperation>,
] = [true, true, true, true, true, true, true, true, true, true, true];
void sameTypes;

/** A plan kind's name in the document: `MedicalPlan`, `BasiclifePlan`... (its path segment, capitalised). */
export const planSchemaName = (benefit: Benefit): string => `${capitalised(benefit)}Plan`;

/** Every body of the API by its name in `components.schemas`: what clients send (…Input) and what they get. */
export function bodySchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {
    Employer: withFieldHelp(jsonSchemaOf(employer, 'output'), employerFieldHelp),
    EmployerInput: withFieldHelp(jsonSchemaOf(employerSchema, 'input'), employerFieldHelp),
    EmployerSummary: withFieldHelp(jsonSchemaOf(employerSummary, 'output'), employerFieldHelp),
    EmployerSummaryPage: jsonSchemaOf(employerSummaryPage, 'output'),
    EmployerPlanSummary: jsonSchemaOf(employerPlanSummary, 'output'),
    NamedRef: jsonSchemaOf(namedRef, 'output'),
    User: jsonSchemaOf(user, 'output'),
    UserInput: jsonSchemaOf(userSchema, 'input'),
    UserSummary: jsonSchemaOf(userSummary, 'output'),
    UserAdminSummary: jsonSchemaOf(userAdminSummary, 'output'),
    UserRole: jsonSchemaOf(userRoleSchema, 'input'),
    Division: jsonSchemaOf(division, 'output'),
    DivisionInput: jsonSchemaOf(divisionSchema, 'input'),
    DivisionMember: jsonSchemaOf(divisionMemberSchema, 'input'),
  };
  for (const benefit of BENEFITS) {
    const kind = planKind(benefit);
    schemas[planSchemaName(benefit)] = planAnswer(kind);
    schemas[`${planSchemaName(benefit)}Input`] = planRequest(kind);
  }
  const anyRecord = { anyOf: ['Division', 'User', 'Employer', ...BENEFITS.map(planSchemaName)].map(reference) };
  const recordOfChange = changesPageSchema.shape.changes.element.shape.record.unwrap();
  schemas.ChangesPage = jsonSchemaOf(changesPageSchema, 'output', new Map([[recordOfChange, anyRecord]]));
  schemas.BatchRequest = jsonSchemaOf(batchRequest, 'input');
  schemas.BatchResponse = jsonSchemaOf(batchResponseSchema, 'output');
  schemas.Capabilities = jsonSchemaOf(capabilitiesSchema, 'output');
  schemas.Detail = jsonSchemaOf(detail, 'output');
  schemas.Messages = { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 };
  return schemas;
}

export function reference(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** A plan as the service answers it: every field of its kind (null where none) and the read-only ones. */
function planAnswer(kind: PlanKind): JsonSchema {
  const fields = withFieldTable(jsonSchemaOf(kind.schema, 'output'), kind.fields, 'output');
  const readOnly = jsonSchemaOf(planReadOnly, 'output');
  return {
    title: kind.label,
    ...fields,
    properties: { ...(readOnly.properties as JsonSchema), ...(fields.properties as JsonSchema) },
    required: [...(readOnly.required as string[]), ...(fields.required as string[])],
  };
}

/** A plan as a client sends it: its kind's fields, with the requirements that hang on another field's value. */
function planRequest(kind: PlanKind): JsonSchema {
  const json: JsonSchema = { title: kind.label, ...withFieldTable(jsonSchemaOf(kind.schema, 'input'), kind.fields, 'input') };
  if (kind.conditionalRequirements.length > 0) json.allOf = kind.conditionalRequirements.map(conditionalRequirement);
  return json;
}

/** "multiple is required when type is MULTIPLE_OF_SALARY", in JSON Schema's words. */
function conditionalRequirement(rule: ConditionalRequirement): JsonSchema {
  return {
    if: { properties: { [rule.when.field]: { const: rule.when.equals } }, required: [rule.when.field] },
    then: { properties: { [rule.field]: { not: { type: 'null' } } }, required: [rule.field] },
  };
}
