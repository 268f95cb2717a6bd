import type { RouteTable } from '../../shared/routes.js';
import { messages } from '../../shared/validation/messages.js';
import { SCHEMA_PATH } from './openapi/schema-path.js';
import type { WireResponse } from './wire.js';

const ALLOWED = 'GET, HEAD, OPTIONS';

/**
 * `GET /schema/`, without a token: the OpenAPI document of the operations `api` serves. The
 * document's code is loaded and the document made at the first request, not at start, and kept.
 * Answers undefined for every other path.
 */
export function schemaEndpoint(api: RouteTable): (method: string, path: string) => Promise<WireResponse> | undefined {
  let payload: Promise<string> | undefined;
  const document = () =>
    (payload ??= import('./openapi/document.js')
      .then(({ openApiDocument }) => JSON.stringify(openApiDocument(api)))
      .catch((error: unknown) => {
        payload = undefined;
        throw error;
      }));
  return (method, path) => {
    if (path !== SCHEMA_PATH) return undefined;
    if (method === 'GET' || method === 'HEAD') return document().then((text) => ({ status: 200, payload: text }));
    const headers = { Allow: ALLOWED };
    if (method === 'OPTIONS') {
      return Promise.resolve({
        status: 200,
        headers,
        payload: JSON.stringify({ name: 'Schema', renders: ['application/json'], parses: ['application/json'] }),
      });
    }
    return Promise.resolve({ status: 405, headers, payload: JSON.stringify({ detail: messages.methodNotAllowed(method) }) });
  };
}
