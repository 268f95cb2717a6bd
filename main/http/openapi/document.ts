// The OpenAPI 3.1 document of what a server serves (docs/openapi.json, `GET /schema/`): its paths
// from the route table it serves (shared/routes.ts), each operation's bodies from the zod schemas
// (bodies.ts) and what the route table cannot say from operations.ts.
import { BENEFITS, type Benefit } from '../../../shared/plans/benefits.js';
import type { Route, RouteTable } from '../../../shared/routes.js';
import { NON_FIELD_ERRORS } from '../../../shared/validation/errors.js';
import { messages } from '../../../shared/validation/messages.js';
import { KEY_PATTERN as IDEMPOTENCY_KEY_PATTERN } from '../idempotency.js';
import { answersARecord, versionedWrite } from '../preconditions.js';
import { bodySchemas, planSchemaName, reference } from './bodies.js';
import { anyCaseId, type JsonSchema } from './json-schema.js';
import { operationalPaths } from './operational-paths.js';
import { SCHEMA_PATH } from './schema-path.js';
import { OPERATION_DOCS, type Answer, type OperationDoc, type QueryParameter } from './operations.js';

/**
 * The answers any operation may give, whoever asks and whatever it names (docs/api.md, "Errors");
 * 400 is each operation's own, and so are 415 (a body's) and 412 (a write held to its record's
 * version, whose answer is that record: `versioned`).
 */
const EVERY_OPERATION_ERRORS = { 401: 'Unauthorized', 413: 'PayloadTooLarge', 429: 'TooManyRequests', 503: 'ServiceUnavailable' } as const;
const OPERATION_ERRORS = { Forbidden: 403, NotFound: 404, Conflict: 409 } as const;

const WRITES = new Set(['POST', 'PUT', 'DELETE']);
/** The methods whose operations read a body, and so refuse one that is not JSON (main/http/media-type.ts). */
const READS_BODY = new Set(['POST', 'PUT']);

/** How the route table classes an operation, as the document tags it. */
const EDITIONS: Record<Route['spec'], { tag?: string; description: string }> = {
  '2.2.1': { description: 'An operation of the Employee Benefits Partner Service 2.2.1.' },
  extra: { tag: 'older edition', description: "An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers." },
  local: { tag: 'PlanDesk', description: "PlanDesk's own, for its screens and tools: the hosted service does not have it." },
  sync: { tag: 'PlanDesk sync', description: "PlanDesk's sync extension (`GET /capabilities/` announces it): the hosted service does not have it." },
};

const RESOURCE_TAGS: Record<string, string> = { changes: 'sync', batch: 'sync', capabilities: 'sync' };

/** The body a write held to its record's version answers with 412: the record, as its GET answers it. */
const RECORD_BODIES = { employer: 'Employer', plan: 'Plan', user: 'User', division: 'Division' } as const;

/** The document of the operations `api` serves: the full API, or under `--strict-api` the 2.2.1 ones. */
export function openApiDocument(api: RouteTable): JsonSchema {
  const strict = api.routes.every((route) => route.spec === '2.2.1');
  const schemas = bodySchemas();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of api.routes) {
    for (const { path, benefit } of concretePaths(route)) {
      (paths[path] ??= {})[route.method.toLowerCase()] = operationObject(route, benefit, schemas, !strict);
    }
  }
  paths[SCHEMA_PATH] = { get: schemaOperation() };
  Object.assign(paths, operationalPaths());
  const document: JsonSchema = {
    openapi: '3.1.0',
    info: {
      title: 'Employee Benefits Partner Service, as PlanDesk serves it',
      version: '2.2.1',
      description: description(strict),
    },
    tags: tags(api),
    security: [{ ApiKeyAuth: [] }],
    paths,
    components: { securitySchemes: securitySchemes(), parameters: parameters(!strict), headers: headers(!strict), responses: responses(), schemas },
  };
  return withoutUnusedSchemas(document);
}

function description(strict: boolean): string {
  return [
    strict
      ? 'This server runs with `--strict-api`: it serves only the operations of 2.2.1, as a remote without PlanDesk’s extensions; every other path answers 404.'
      : 'The operations of 2.2.1, and those PlanDesk offers beyond it, each marked `x-plandesk-extension: true` and tagged with where it comes from (`x-plandesk-spec`: `extra` the older public edition, `local` PlanDesk’s own, `sync` its sync extensions).',
    'Every request carries `Authorization: Token <key>`; a token is issued by `plandesk admin token` on the server’s machine.',
    'Authentication comes first: a request without valid credentials answers 401 (components.responses.Unauthorized), but one with none at all on a path the server does not know 404 (NotFound), as any unknown path does. Then a method the path does not have answers 405 with `Allow` (MethodNotAllowed); `HEAD` answers as `GET` without a body, and `OPTIONS` describes the path (Options).',
    'Paths end with a slash. Ids are UUIDs, taken in either case and answered in lower case. Fields a body has and the operation does not know are ignored. Text is trimmed before it is checked, as DRF’s CharField does: lengths and patterns are those of the trimmed text.',
    'Errors are JSON: 400 `{"field": ["message", ...]}` (an error about no single field under `non_field_errors`) or `{"detail": "..."}`, every other error `{"detail": "..."}`.',
  ].join('\n\n');
}

/** A route's paths in the document: one per plan kind where the route's path names the kind, so each has its own bodies. */
function concretePaths(route: Route): { path: string; benefit?: Benefit }[] {
  if (!route.path.includes('{benefit}')) return [{ path: route.path }];
  return BENEFITS.map((benefit) => ({ path: route.path.replace('{benefit}', benefit), benefit }));
}

/** `versioned`: records answer their versions (ETag) and writes of them take If-Match (not under --strict-api). */
function operationObject(route: Route, benefit: Benefit | undefined, schemas: Record<string, JsonSchema>, versioned: boolean): JsonSchema {
  const doc = OPERATION_DOCS[route.operation];
  const edition = EDITIONS[route.spec];
  const [resource, action] = route.operation.split('.') as [string, string];
  const bodyName = (name: string) => (name === 'Plan' ? planSchemaName(benefit!) : name === 'PlanInput' ? `${planSchemaName(benefit!)}Input` : name);
  const operation: JsonSchema = {
    operationId: benefit ? `${resource}.${benefit}.${action}` : route.operation,
    summary: benefit ? `${doc.summary} (${benefit})` : doc.summary,
    description: [doc.description, edition.description].filter(Boolean).join(' '),
    tags: [RESOURCE_TAGS[resource] ?? resource, ...(edition.tag ? [edition.tag] : [])],
    ...(route.spec === '2.2.1' ? {} : { 'x-plandesk-extension': true }),
    'x-plandesk-spec': route.spec,
  };
  const parameters = [...pathParameters(route.path), ...(doc.query ?? []).map(queryParameter)];
  // A batch's keys belong to its operations: the batch itself refuses the header.
  if (WRITES.has(route.method) && route.operation !== 'batch.apply') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const held = versioned ? versionedWrite(route.operation) : undefined;
  if (held) parameters.push({ $ref: '#/components/parameters/IfMatch' });
  if (parameters.length > 0) operation.parameters = parameters;
  if (doc.request) operation.requestBody = { required: true, content: { 'application/json': { schema: reference(bodyName(doc.request)) } } };
  operation.responses = {
    ...success(doc.answer, bodyName, WRITES.has(route.method), versioned && answersARecord(route.operation)),
    400: badRequest(doc, doc.request && bodyName(doc.request), route.operation, schemas),
    ...Object.fromEntries(doc.errors.map((error) => [OPERATION_ERRORS[error], componentResponse(error)])),
    ...(held ? { 412: preconditionFailed(bodyName(RECORD_BODIES[held])) } : {}),
    ...(READS_BODY.has(route.method) ? { 415: componentResponse('UnsupportedMediaType') } : {}),
    ...Object.fromEntries(Object.entries(EVERY_OPERATION_ERRORS).map(([status, name]) => [status, componentResponse(name)])),
  };
  return operation;
}

/** `version`: the answer is one record, with its version as ETag. */
function success(answer: Answer, bodyName: (name: string) => string, write: boolean, version: boolean): JsonSchema {
  const headers = {
    ...(write ? { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } : {}),
    ...(version && answer !== null ? { ETag: { $ref: '#/components/headers/ETag' } } : {}),
  };
  const described = Object.keys(headers).length > 0 ? { headers } : {};
  if (answer === null) return { 204: { description: 'Done; no body.', ...described } };
  return { 200: { description: 'OK', ...described, content: { 'application/json': { schema: answerSchema(answer, bodyName) } } } };
}

/** 412: the record changed since the version If-Match names; it is answered as it is now. */
function preconditionFailed(record: string): JsonSchema {
  return {
    description: 'The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written.',
    headers: { ETag: { $ref: '#/components/headers/ETag' } },
    content: { 'application/json': { schema: reference(record) } },
  };
}

function answerSchema(answer: Exclude<Answer, null>, bodyName: (name: string) => string): JsonSchema {
  if (typeof answer === 'string') return reference(bodyName(answer));
  if ('listOf' in answer) return { type: 'array', items: reference(bodyName(answer.listOf)) };
  return { oneOf: answer.oneOf.map((one) => answerSchema(one as Exclude<Answer, null>, bodyName)) };
}

/**
 * 400: a body or query the operation refuses, as DRF answers it (`{"field": ["message"]}`, naming
 * only the fields of what it takes), or a request it cannot read at all (`{"detail": ...}`: not
 * JSON, not UTF-8, an Idempotency-Key reused with another request).
 */
function badRequest(doc: OperationDoc, request: string | undefined, operation: string, schemas: Record<string, JsonSchema>): JsonSchema {
  const fields = request ? Object.keys((schemas[request]!.properties as JsonSchema | undefined) ?? {}) : (doc.query ?? []).map((parameter) => parameter.name);
  if (fields.length === 0) return componentResponse('BadRequest');
  const name = `${request ?? queryName(operation)}Errors`;
  schemas[name] ??= {
    type: 'object',
    description: 'Each field refused, with its messages.',
    propertyNames: { enum: [...fields, NON_FIELD_ERRORS] },
    additionalProperties: reference('Messages'),
    minProperties: 1,
  };
  return {
    description: 'The request is refused: the fields named, or a body that cannot be read.',
    content: { 'application/json': { schema: { anyOf: [reference(name), reference('Detail')] } } },
  };
}

/** `changes.list` → `ChangesListQuery`: the name of an operation's query among the schemas. */
const queryName = (operation: string) =>
  operation
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('') + 'Query';

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1]!)
    .filter((name) => name !== 'benefit')
    .map((name) => ({
      name,
      in: 'path',
      required: true,
      description: name === 'email' ? 'The e-mail, URL-encoded.' : `The ${name.replace(/ID$/, '')}'s id.`,
      schema: name === 'email' ? { type: 'string' } : anyCaseId(),
    }));
}

function queryParameter(parameter: QueryParameter): JsonSchema {
  return {
    name: parameter.name,
    in: 'query',
    required: false,
    description: parameter.description,
    schema: parameter.repeatable ? { type: 'array', items: parameter.schema } : parameter.schema,
    ...(parameter.repeatable ? { style: 'form', explode: true } : {}),
  };
}

function schemaOperation(): JsonSchema {
  return {
    operationId: 'schema.read',
    summary: 'This document',
    description: "The OpenAPI document of what this server serves. No token needed. PlanDesk's own: the hosted service does not have it.",
    tags: ['schema', EDITIONS.local.tag],
    'x-plandesk-extension': true,
    security: [],
    responses: {
      200: {
        description: 'The OpenAPI 3.1 document.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' }, info: { type: 'object' }, paths: { type: 'object' } },
              required: ['openapi', 'info', 'paths'],
            },
          },
        },
      },
    },
  };
}

function tags(api: RouteTable): JsonSchema[] {
  const served = new Set(api.routes.map((route) => route.spec));
  return (
    Object.entries(EDITIONS)
      // PlanDesk's own tag is on the document's own operation, which every server serves.
      .filter(([spec, edition]) => edition.tag && (served.has(spec as Route['spec']) || spec === 'local'))
      .map(([, edition]) => ({ name: edition.tag, description: edition.description, 'x-plandesk-extension': true }))
  );
}

function securitySchemes(): JsonSchema {
  return {
    ApiKeyAuth: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: 'The word `Token`, a space and the token: `Authorization: Token <key>`.',
    },
  };
}

function parameters(versioned: boolean): JsonSchema {
  return {
    ...(versioned
      ? {
          IfMatch: {
            name: 'If-Match',
            in: 'header',
            required: false,
            description:
              'The version (the `ETag` of the record\'s `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400.',
            schema: { type: 'string' },
            'x-plandesk-extension': true,
          },
        }
      : {}),
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        '1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400.',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      'x-plandesk-extension': true,
    },
  };
}

function headers(versioned: boolean): JsonSchema {
  return {
    ...(versioned
      ? {
          ETag: {
            description:
              "The record's version, in quotes: a digest of the record as its `GET` answers it, its derived lists and status left out. Send it as `If-Match` to write only over this version. `plandesk serve` answers it; the local workspace, which keeps no versions, does not.",
            schema: { type: 'string', pattern: '^"[^"]+"$' },
            'x-plandesk-extension': true,
          },
        }
      : {}),
    IdempotentReplayed: {
      description: 'Present, `true`, when the answer is the stored one of an earlier request with the same Idempotency-Key.',
      schema: { type: 'string', const: 'true' },
      'x-plandesk-extension': true,
    },
  };
}

/** A detail body that is one of the service's messages. */
const detailOf = (...details: string[]): JsonSchema => ({
  type: 'object',
  properties: { detail: details.length === 1 ? { const: details[0] } : { enum: details } },
  required: ['detail'],
  additionalProperties: false,
});

const detailResponse = (description: string, schema: JsonSchema = reference('Detail'), headers?: JsonSchema): JsonSchema => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});

function responses(): JsonSchema {
  return {
    BadRequest: detailResponse(
      'A request that cannot be read: not JSON, not UTF-8, a compressed body that does not decompress, or an Idempotency-Key reused with another request.',
    ),
    Unauthorized: detailResponse(
      'No credentials, or a token that is malformed, unknown, expired or revoked.',
      detailOf(messages.noCredentials, messages.invalidToken),
      {
        'WWW-Authenticate': { required: true, schema: { type: 'string', const: 'Token' } },
      },
    ),
    Forbidden: detailResponse('An admin operation asked by a user who is not an admin.', detailOf(messages.permissionDenied)),
    NotFound: detailResponse('An unknown id, a record the caller cannot see, or a path the server does not serve.', detailOf(messages.notFound)),
    Conflict: detailResponse('The change would orphan another record; the detail names what stands in the way.'),
    UnsupportedMediaType: detailResponse(
      'A body that is not `application/json` (or that names no Content-Type), or compressed in a Content-Encoding the server does not take; the detail names the type or coding given.',
    ),
    PayloadTooLarge: detailResponse('A body over the limit (`GET /capabilities/` names it), a compressed one once decompressed.', detailOf(messages.tooLarge)),
    TooManyRequests: detailResponse('Over the rate limit, when the server has one (counted per user).', reference('Detail'), {
      'Retry-After': { required: true, description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } },
    }),
    ServiceUnavailable: detailResponse(
      'The database cannot be used (damaged, read-only, full, unreachable); the detail says which. Nothing was written, except that a write whose PostgreSQL database went away while committing it may have been saved: its outcome is unknown. Send it again with the same `Idempotency-Key`, which replays its answer if it was saved.',
    ),
    MethodNotAllowed: detailResponse('A method the path does not have (asked with valid credentials).', reference('Detail'), {
      Allow: { required: true, description: 'The methods of the path.', schema: { type: 'string' } },
    }),
    Options: {
      description: "`OPTIONS` on any path the server serves: DRF's description of the path.",
      headers: { Allow: { required: true, description: 'The methods of the path.', schema: { type: 'string' } } },
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              renders: { type: 'array', items: { type: 'string' } },
              parses: { type: 'array', items: { type: 'string' } },
            },
            required: ['name', 'renders', 'parses'],
            additionalProperties: false,
          },
        },
      },
    },
  };
}

function componentResponse(name: string): JsonSchema {
  return { $ref: `#/components/responses/${name}` };
}

/** The strict document names no extension's bodies: only the schemas something refers to are kept. */
function withoutUnusedSchemas(document: JsonSchema): JsonSchema {
  const components = document.components as { schemas: Record<string, JsonSchema> };
  const used = new Set<string>();
  const pending: unknown[] = [document.paths, (document.components as JsonSchema).responses];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        const name = child.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          pending.push(components.schemas[name]);
        }
      } else {
        pending.push(child);
      }
    }
  }
  components.schemas = Object.fromEntries(Object.entries(components.schemas).filter(([name]) => used.has(name)));
  return document;
}
