// The OpenAPI document (docs/openapi.json, `GET /schema/`): made from the route table and the zod
// schemas, committed as `npm run openapi` writes it, and never stricter than the service: every
// body the service's own validation accepts, the document's schema accepts too.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseInsensitiveSource } from '../../main/http/openapi/json-schema.js';
import { openApiDocument } from '../../main/http/openapi/document.js';
import { BENEFITS, planKind } from '../../shared/plans/index.js';
import { parseDivision, parseDivisionMember } from '../../shared/resources/division.js';
import { parseEmployer } from '../../shared/resources/employer.js';
import { parseUser, parseUserRole } from '../../shared/resources/user.js';
import { fullApi, routes, strictApi } from '../../shared/routes.js';
import type { FieldSpec } from '../../shared/validation/fields.js';
import { OPENAPI_FILES, openApiFiles } from '../../scripts/openapi-files.js';
import { validDivisionBody, validEmployerBody, validPlanBody, validUserBody } from '../support/fixtures.js';
import { documentSchemas } from '../support/openapi-contract.js';

const full = openApiDocument(fullApi) as any;
const strict = openApiDocument(strictApi) as any;
const schemas = documentSchemas(full);
const requestSchema = (name: string) => schemas.validatorAt(`/components/schemas/${name}`);

/** What a load balancer and a monitor ask without a token (main/http/operational.ts), in every document. */
const OPERATIONAL = ['GET /healthz', 'GET /readyz', 'GET /metrics'];

/** Every operation of a document: method, path and the operation object. */
function operationsOf(document: any): { method: string; path: string; operation: any }[] {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

describe('the committed document', () => {
  it('is what `npm run openapi` writes: docs/openapi.json, docs/openapi-strict.json and the client types', async () => {
    const files = await openApiFiles();
    expect(Object.keys(files).sort()).toEqual(Object.values(OPENAPI_FILES).sort());
    for (const [path, text] of Object.entries(files)) {
      expect(readFileSync(path, 'utf8') === text, `${path} is stale: run npm run openapi and commit it`).toBe(true);
    }
  });
});

describe('the operations', () => {
  it('are every route of shared/routes.ts, a plan route once per kind, the document itself, and health, readiness and metrics', () => {
    const expected = routes.flatMap((route) =>
      route.path.includes('{benefit}')
        ? BENEFITS.map((benefit) => `${route.method} ${route.path.replace('{benefit}', benefit)}`)
        : [`${route.method} ${route.path}`],
    );
    expect(
      operationsOf(full)
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual([...expected, 'GET /schema/', ...OPERATIONAL].sort());
  });

  it("mark PlanDesk's extensions as such, with where each comes from, and leave 2.2.1's unmarked", () => {
    for (const { method, path, operation } of operationsOf(full)) {
      if (path === '/schema/' || OPERATIONAL.includes(`${method} ${path}`)) continue;
      const parts = (operation.operationId as string).split('.');
      // plans.medical.create is the route plans.create for medical.
      const route = routes.find((candidate) => candidate.operation === `${parts[0]}.${parts.at(-1)}`)!;
      expect(route.method, operation.operationId).toBe(method);
      expect(operation['x-plandesk-spec'], `${method} ${path}`).toBe(route.spec);
      expect(operation['x-plandesk-extension'], `${method} ${path}`).toBe(route.spec === '2.2.1' ? undefined : true);
    }
    const tagsOf = (method: string, path: string) => full.paths[path][method].tags;
    expect(tagsOf('post', '/employers/')).toEqual(['employers']);
    expect(tagsOf('delete', '/employers/{employerID}/')).toEqual(['employers', 'older edition']);
    expect(tagsOf('get', '/employers/summaries/')).toEqual(['employers', 'PlanDesk']);
    expect(tagsOf('get', '/changes/')).toEqual(['sync', 'PlanDesk sync']);
    expect(full.components.parameters.IdempotencyKey['x-plandesk-extension']).toBe(true);
  });

  it('under --strict-api are the 16 operations of 2.2.1, the document itself, health, readiness and metrics, with none of the extensions’ bodies', () => {
    const served = operationsOf(strict).map(({ operation }) => operation.operationId as string);
    expect(served).toHaveLength(20);
    expect(served.filter((id) => id.startsWith('plans.'))).toEqual(BENEFITS.map((benefit) => `plans.${benefit}.create`));
    expect(
      operationsOf(strict)
        .filter(({ operation }) => operation['x-plandesk-extension'])
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual(['GET /schema/', ...OPERATIONAL].sort());
    for (const extension of ['ChangesPage', 'BatchRequest', 'Capabilities', 'EmployerSummary', 'UserAdminSummary']) {
      expect(Object.keys(strict.components.schemas)).not.toContain(extension);
    }
    expect(strict.info.description).toMatch(/--strict-api/);
  });

  it("give a record's version: ETag on its answers, If-Match and 412 on its PUT and DELETE; none under --strict-api", () => {
    const put = full.paths['/employers/{employerID}/'].put;
    expect(put.parameters).toContainEqual({ $ref: '#/components/parameters/IfMatch' });
    expect(put.responses['412']).toMatchObject({
      headers: { ETag: { $ref: '#/components/headers/ETag' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Employer' } } },
    });
    expect(full.paths['/plans/dental/{planID}/'].delete.responses['412'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/DentalPlan',
    });
    expect(full.paths['/plans/dental/{planID}/'].get.responses['200'].headers.ETag).toEqual({ $ref: '#/components/headers/ETag' });
    expect(full.paths['/employers/'].post.responses['200'].headers.ETag).toBeDefined();
    expect(full.paths['/employers/list/'].get.responses['200'].headers).toBeUndefined();
    expect(full.components.schemas.BatchRequest.properties.operations.items.properties.if_match).toEqual({ type: 'string' });
    const strictEmployer = strict.paths['/employers/{employerID}/'];
    expect(strictEmployer.put.responses['412']).toBeUndefined();
    expect(strictEmployer.get.responses['200'].headers).toBeUndefined();
    expect(strict.components.parameters.IfMatch).toBeUndefined();
  });

  it('give the token scheme as ApiKeyAuth, `Authorization: Token <key>`, needed by all but the document', () => {
    expect(full.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(full.security).toEqual([{ ApiKeyAuth: [] }]);
    expect(full.paths['/schema/'].get.security).toEqual([]);
    for (const path of ['/healthz', '/readyz', '/metrics']) expect(full.paths[path].get.security, path).toEqual([]);
    expect(full.info.version).toBe('2.2.1');
  });

  it("answer DRF's errors: 400 naming the body's own fields, 401 with WWW-Authenticate, 415 for a body that is not JSON, 429 with Retry-After, 405 with Allow", () => {
    const create = full.paths['/plans/medical/'].post;
    expect(Object.keys(create.responses).sort()).toEqual(['200', '400', '401', '413', '415', '429', '503']);
    const errors = full.components.schemas.MedicalPlanInputErrors;
    expect(errors.propertyNames.enum).toEqual([...planKind('medical').fieldNames, 'non_field_errors']);
    const deletePlan = full.paths['/plans/medical/{planID}/'].delete;
    expect(Object.keys(deletePlan.responses).sort()).toEqual(['204', '400', '401', '404', '409', '412', '413', '429', '503']);
    expect(full.components.responses.UnsupportedMediaType).toBeDefined();
    expect(full.paths['/users/'].post.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(full.components.responses.Unauthorized.headers['WWW-Authenticate'].required).toBe(true);
    expect(full.components.responses.TooManyRequests.headers['Retry-After'].required).toBe(true);
    expect(full.components.responses.MethodNotAllowed.headers.Allow.required).toBe(true);
    const badPlan = validPlanBody('medical', { in_coin: 120 });
    expect(requestSchema('MedicalPlanInputErrors')({ in_coin: ['Ensure this value is less than or equal to 100.'] })).toBe(true);
    expect(requestSchema('MedicalPlanInputErrors')({ name: ['This field is required.'] }), 'an employer field is no medical plan field').toBe(false);
    expect(requestSchema('MedicalPlanInput')(badPlan)).toBe(false);
  });
});

describe('the bodies', () => {
  it("are JSON Schema 2020-12, OpenAPI 3.1's dialect, with no keyword or format a validator would not know", () => {
    for (const name of Object.keys(full.components.schemas)) {
      expect(() => requestSchema(name), name).not.toThrow();
    }
  });

  it("of a plan require the spec's null-if-none fields (null allowed) and let the optional ones be left out", () => {
    const input = full.components.schemas.MedicalPlanInput;
    const fields = planKind('medical').fields as Record<string, FieldSpec>;
    for (const [name, spec] of Object.entries(fields)) {
      expect(input.required.includes(name), `${name} (${spec.presence})`).toBe(spec.presence !== 'optional');
      expect(input.properties[name].description).toBe(spec.help);
    }
    const body = validPlanBody('medical', { from_plan: undefined, from_action: undefined });
    expect(requestSchema('MedicalPlanInput')({ ...body, tobacco_surcharge: null })).toBe(true);
    const { tobacco_surcharge: _left, ...withoutSurcharge } = body;
    expect(requestSchema('MedicalPlanInput')(withoutSurcharge)).toBe(false);
    const { out_ded_single: _optional, ...withoutOptional } = { ...body, out_ded_single: 1 };
    expect(requestSchema('MedicalPlanInput')(withoutOptional)).toBe(true);
  });

  it('of a basic life plan require `multiple` when its type is MULTIPLE_OF_SALARY, as the field table says', () => {
    const body = validPlanBody('basiclife', { type: 'MULTIPLE_OF_SALARY', multiple: 2, flat_amount: null });
    expect(requestSchema('BasiclifePlanInput')(body)).toBe(true);
    expect(requestSchema('BasiclifePlanInput')({ ...body, multiple: null })).toBe(false);
    expect(planKind('basiclife').parse({ ...body, multiple: null }).ok).toBe(false);
  });

  it('take ids in either case, as the service does, and answer them in lower case', () => {
    const employer = validEmployerBody();
    expect(requestSchema('EmployerInput')({ ...employer, division: (employer.division as string).toUpperCase() })).toBe(true);
    expect(caseInsensitiveSource('^[0-9a-f]{8}-x\\d[^a-c]$')).toBe('^[0-9a-fA-F]{8}-[xX]\\d[^a-cA-C]$');
    expect(full.components.schemas.Employer.properties.id.pattern).toBe('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');
  });

  it('accept every body the service accepts (the document is never stricter than the service)', () => {
    const cases: [string, Record<string, unknown>, (body: Record<string, unknown>) => { ok: boolean }][] = [
      ['EmployerInput', validEmployerBody(), parseEmployer],
      ['UserInput', validUserBody(), parseUser],
      ['DivisionInput', validDivisionBody(), parseDivision],
      ['DivisionMember', { email: 'ann@broker.example.com' }, parseDivisionMember],
      ['UserRole', { is_admin: true }, parseUserRole],
      ...BENEFITS.map((benefit): [string, Record<string, unknown>, (body: Record<string, unknown>) => { ok: boolean }] => [
        `${benefit.charAt(0).toUpperCase()}${benefit.slice(1)}PlanInput`,
        validPlanBody(benefit),
        (body) => planKind(benefit).parse(body),
      ]),
    ];
    for (const [name, valid, parse] of cases) {
      expect(parse(valid).ok, `${name}'s fixture is valid`).toBe(true);
      const fieldNames = Object.keys(valid);
      fc.assert(
        fc.property(mutated(valid, fieldNames), (body) => {
          if (parse(body).ok)
            expect(requestSchema(name)(body), `${name} ${JSON.stringify(body)}: ${schemas.ajv.errorsText(requestSchema(name).errors)}`).toBe(true);
        }),
        { numRuns: 150 },
      );
    }
  });
});

/** A valid body with some fields left out, set to null, or given other values of plausible and implausible kinds. */
function mutated(valid: Record<string, unknown>, fieldNames: string[]): fc.Arbitrary<Record<string, unknown>> {
  const value = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.integer({ min: -2, max: 2_147_483_648 }),
    fc.constantFrom(0, 1, 100, 101, true, false, '', 'PPO', 'RENEWED', 'FUNDING_SELF', '2025-02-28', '2027-01-01', '250', 'CA', '332710', 'ann@example.com'),
    fc.string({ maxLength: 300 }).map((text) => text.trim()),
    fc.uuid({ version: 7 }),
    fc.array(fc.constantFrom('CA', 'DC', '332710', 'ann@example.com', '0193a8c0-0000-7000-8000-000000000001'), { maxLength: 5 }),
  );
  return fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 4 }).map((changes) => {
    const body: Record<string, unknown> = { ...valid };
    for (const [name, changed] of Object.entries(changes)) {
      if (changed === undefined) delete body[name];
      else body[name] = changed;
    }
    return body;
  });
}
