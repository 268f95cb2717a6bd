import type { RouteTable } from '../../shared/routes.js';
import type { ApiResponse } from '../api/types.js';

const MEDIA_TYPES = ['application/json'];

/**
 * DRF's answer to OPTIONS on a known path: its methods (HEAD wherever GET is, and OPTIONS) in
 * `Allow`, and the view's name with the media types it renders and parses.
 */
export function describePath(api: RouteTable, path: string): ApiResponse {
  const served = api.match('OPTIONS', path);
  const allowed = served.kind === 'method-not-allowed' ? [...served.allowed] : [];
  if (allowed.includes('GET')) allowed.push('HEAD');
  allowed.push('OPTIONS');
  return { status: 200, body: { name: viewName(api, path), renders: MEDIA_TYPES, parses: MEDIA_TYPES }, headers: { Allow: allowed.join(', ') } };
}

/** "Plans Create" for /plans/medical/: the resource and operation of the first route at the path. */
function viewName(api: RouteTable, path: string): string {
  const first = api.routes.find((route) => {
    const match = api.match(route.method, path);
    return match.kind === 'found' && match.route === route;
  });
  return (first?.operation ?? '').split('.').map(titleCase).join(' ');
}

function titleCase(word: string): string {
  return word.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (letter) => letter.toUpperCase());
}
