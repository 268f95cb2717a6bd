// Every answer the API tests receive, checked against the OpenAPI document of the server that gave
// it (the document `GET /schema/` serves and docs/openapi.json holds): the operation its method and
// path name must list its status, and its body and headers must match that response, by ajv with
// JSON Schema 2020-12 (OpenAPI 3.1's dialect). A batch's results are checked each as the answer of
// its operation. Answers to what the document has no operation for are checked against its
// components: a path it does not have (404), a method a path does not have (405), OPTIONS.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../main/http/openapi/document.js';
import type { RouteTable } from '../../shared/routes.js';

type Json = { [key: string]: any };

export interface Exchange {
  method: string;
  /** As requested: the path and any query string. */
  path: string;
  /** The request's body, parsed, when it was JSON. */
  requestBody?: unknown;
  status: number;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** The text of the answer's body. */
  text: string;
  /** Not sent over HTTP (a batch's result, the router's own answer): its body is JSON by construction, with no Content-Type. */
  unframed?: boolean;
}

export interface Contract {
  readonly document: Json;
  /** Throws, naming the operation, the status and what does not match, when the answer is not one the document describes. */
  check(exchange: Exchange): void;
}

/** The answers any request may get before an operation is reached (authentication, limits, an unreadable body, the database): main/http/server.ts's `admit`. */
const BEFORE_ANY_OPERATION: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  413: 'PayloadTooLarge',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

const contracts = new Map<RouteTable, Contract>();

/** The contract of a server serving `api`, made once per test file. */
export function contractFor(api: RouteTable): Contract {
  let contract = contracts.get(api);
  if (!contract) {
    contract = makeContract(openApiDocument(api));
    contracts.set(api, contract);
  }
  return contract;
}

/**
 * ajv holding the document's schemas, and a validator of the schema at a JSON pointer in the
 * document, compiled at its first use. Each of `components.schemas` is added under an id of its
 * own, so ajv compiles it once however many answers refer to it.
 */
export function documentSchemas(document: Json): { ajv: Ajv2020; validatorAt(pointer: string): ValidateFunction } {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, inlineRefs: false });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(document.components.schemas as Json)) ajv.addSchema({ ...withIds(schema), $id: `${SCHEMAS}${name}` });
  const validators = new Map<string, ValidateFunction>();
  return {
    ajv,
    validatorAt(pointer) {
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile(withIds(resolve(document, pointer)));
        validators.set(pointer, validate);
      }
      return validate;
    },
  };
}

/** Where the document's component schemas are, as ajv knows them. */
const SCHEMAS = 'https://plandesk.invalid/components/schemas/';

/** A copy of a schema whose references to the document's components name them by their ajv ids. */
function withIds(value: unknown): any {
  if (Array.isArray(value)) return value.map(withIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', SCHEMAS) : withIds(child),
    ]),
  );
}

function makeContract(document: Json): Contract {
  const { ajv, validatorAt } = documentSchemas(document);
  const templates = Object.keys(document.paths as Json).map((template) => ({ template, segments: template.split('/') }));

  function operationAt(path: string): { template: string; item: Json } | undefined {
    const segments = path.split('/');
    const matches = templates.filter(
      ({ template, segments: pattern }) =>
        pattern.length === segments.length &&
        pattern.every((part, index) => {
          if (!part.startsWith('{')) return part === segments[index];
          let value: string;
          try {
            value = decodeURIComponent(segments[index]!);
          } catch {
            return false;
          }
          const parameter = (document.paths[template].parameters ?? Object.values(document.paths[template] as Json)[0].parameters ?? []).find(
            (candidate: Json) => candidate.in === 'path' && candidate.name === part.slice(1, -1),
          );
          return parameter === undefined || ajv.validate(parameter.schema, value);
        }),
    );
    // A path with fewer parameters wins, as OpenAPI says: /users/list/ is not /users/{userID}/.
    matches.sort((a, b) => parameterCount(a.template) - parameterCount(b.template));
    return matches[0] && { template: matches[0].template, item: document.paths[matches[0].template] };
  }

  function check(exchange: Exchange): void {
    const method = exchange.method.toUpperCase();
    // As the request went out: the client resolves dot segments (/users/byEmail/../ is /users/).
    const path = new URL(exchange.path, 'http://server').pathname;
    const found = operationAt(path);
    const operation = found?.item[(method === 'HEAD' ? 'GET' : method).toLowerCase()] as Json | undefined;
    let where: string;
    let pointer: string;
    if (found && operation) {
      where = `${method} ${found.template} (${operation.operationId})`;
      const response = operation.responses[String(exchange.status)];
      if (!response) throw mismatch(where, exchange, `the document lists no ${exchange.status} for it (only ${Object.keys(operation.responses).join(', ')})`);
      pointer = `/paths/${escape(found.template)}/${(method === 'HEAD' ? 'GET' : method).toLowerCase()}/responses/${exchange.status}`;
    } else {
      where = found ? `${method} ${found.template} (no such operation)` : `${method} ${path} (no such path)`;
      const name =
        found && method === 'OPTIONS' && exchange.status === 200
          ? 'Options'
          : exchange.status === 405 && found
            ? 'MethodNotAllowed'
            : exchange.status === 404 && !found
              ? 'NotFound'
              : BEFORE_ANY_OPERATION[exchange.status];
      if (!name) throw mismatch(where, exchange, `the document describes no ${exchange.status} for a request it has no operation for`);
      pointer = `/components/responses/${name}`;
    }
    checkResponse(where, pointer, exchange, method === 'HEAD');
    if (operation?.operationId === 'batch.apply' && exchange.status === 200) checkBatchResults(exchange);
  }

  /** The response object at `pointer` (following a $ref to the components), then its headers and body. */
  function checkResponse(where: string, pointer: string, exchange: Exchange, headOnly: boolean): void {
    let response = resolve(document, pointer);
    if (response.$ref) {
      pointer = (response.$ref as string).slice(1);
      response = resolve(document, pointer);
    }
    for (const [name, declared] of Object.entries((response.headers ?? {}) as Json)) {
      const header = declared.$ref ? resolve(document, (declared.$ref as string).slice(1)) : declared;
      const value = exchange.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) throw mismatch(where, exchange, `the header ${name} is missing`);
        continue;
      }
      const typed = header.schema?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (!ajv.validate(header.schema, typed)) throw mismatch(where, exchange, `the header ${name}: ${value}: ${ajv.errorsText()}`);
    }
    const content = response.content as Json | undefined;
    if (!content) {
      if (exchange.text !== '') throw mismatch(where, exchange, 'the document says it has no body');
      return;
    }
    if (headOnly) return;
    // A body the document gives as text (the metrics): its type is all there is to check.
    const text = Object.keys(content).find((type) => type.startsWith('text/plain'));
    if (text && !content['application/json']) {
      if (!(exchange.headers['content-type'] ?? '').startsWith(text))
        throw mismatch(where, exchange, `its Content-Type is ${exchange.headers['content-type']}, not ${text}`);
      return;
    }
    if (!exchange.unframed && !(exchange.headers['content-type'] ?? '').startsWith('application/json')) {
      throw mismatch(where, exchange, `its Content-Type is ${exchange.headers['content-type']}, not application/json`);
    }
    let body: unknown;
    try {
      body = JSON.parse(exchange.text);
    } catch {
      throw mismatch(where, exchange, 'its body is not JSON');
    }
    const validate = validatorAt(`${pointer}/content/application~1json/schema`);
    if (!validate(body)) throw mismatch(where, exchange, ajv.errorsText(validate.errors, { dataVar: 'body' }));
  }

  /** Each result of a batch as the answer its operation would get alone, when the operation was one. */
  function checkBatchResults(exchange: Exchange): void {
    const operations = (exchange.requestBody as Json | undefined)?.operations as unknown[] | undefined;
    if (!Array.isArray(operations)) return;
    const { results } = JSON.parse(exchange.text) as { results: { status: number; body: unknown; headers?: Record<string, string> }[] };
    results.forEach((result, index) => {
      const operation = operations[index] as Json | undefined;
      const wellFormed =
        typeof operation === 'object' && operation !== null && ['POST', 'PUT', 'DELETE'].includes(operation.method) && typeof operation.path === 'string';
      if (!wellFormed || result.status === 500) return;
      check({
        method: operation.method,
        path: operation.path,
        requestBody: operation.body,
        status: result.status,
        headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
        text: result.body === null ? '' : JSON.stringify(result.body),
        unframed: true,
      });
    });
  }

  return { document, check };
}

function mismatch(where: string, exchange: Exchange, what: string): Error {
  return new Error(`${where} answered ${exchange.status}, which the OpenAPI document does not describe: ${what}\n${exchange.text.slice(0, 2000)}`);
}

function parameterCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}

const escape = (template: string) => template.replace(/~/g, '~0').replace(/\//g, '~1');

function resolve(document: Json, pointer: string): Json {
  return pointer
    .split('/')
    .slice(1)
    .reduce((node: Json, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, document);
}
