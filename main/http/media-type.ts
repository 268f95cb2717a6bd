import type { RouteTable } from '../../shared/routes.js';
import { messages } from '../../shared/validation/messages.js';
import type { ApiResponse } from '../api/types.js';

/** The methods whose operations read their body: DRF parses one for these only. */
const READS_BODY = new Set(['POST', 'PUT']);

/**
 * The 415 DRF answers a request whose body its parsers cannot read. PlanDesk reads JSON only (as
 * OPTIONS says: `"parses": ["application/json"]`): `application/json` in any case, with any
 * parameters (`; charset=utf-8`). A body sent without a Content-Type is refused as DRF refuses it
 * (`Unsupported media type "" in request.`); an empty body needs none. As in DRF, only an operation
 * that reads its body asks, once its path and method are known to exist: a 404 or 405 comes first.
 */
export function unsupportedMediaType(api: RouteTable, method: string, path: string, contentType: string | undefined, body: string): ApiResponse | undefined {
  if (body === '' || !READS_BODY.has(method) || api.match(method, path).kind !== 'found') return undefined;
  const given = contentType ?? '';
  if (given.split(';', 1)[0]!.trim().toLowerCase() === 'application/json') return undefined;
  return { status: 415, body: { detail: messages.unsupportedMediaType(given) } };
}
