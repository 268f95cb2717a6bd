import { BENEFITS } from './plans/benefits.js';
import { UUID_PATTERN } from './validation/uuid.js';

/**
 * Every operation of the service: the 2.2.1 table of service-spec.md, the older public edition's
 * extra operations (DECISIONS.md), our own `local` ones, which serve the app's screens and are
 * never asked of a remote, and the `sync` extensions a PlanDesk remote offers its clients
 * (shared/sync-wire.ts). `{name}` segments are parameters.
 */
export const routes = [
  { operation: 'employers.create', method: 'POST', path: '/employers/', spec: '2.2.1' },
  { operation: 'employers.list', method: 'GET', path: '/employers/list/', spec: 'extra' },
  { operation: 'employers.summaries', method: 'GET', path: '/employers/summaries/', spec: 'local' },
  { operation: 'employers.read', method: 'GET', path: '/employers/{employerID}/', spec: '2.2.1' },
  { operation: 'employers.replace', method: 'PUT', path: '/employers/{employerID}/', spec: '2.2.1' },
  { operation: 'employers.delete', method: 'DELETE', path: '/employers/{employerID}/', spec: 'extra' },
  { operation: 'employers.plans', method: 'GET', path: '/employers/{employerID}/plans/', spec: 'local' },
  { operation: 'plans.create', method: 'POST', path: '/plans/{benefit}/', spec: '2.2.1' },
  { operation: 'plans.read', method: 'GET', path: '/plans/{benefit}/{planID}/', spec: 'extra' },
  { operation: 'plans.replace', method: 'PUT', path: '/plans/{benefit}/{planID}/', spec: 'extra' },
  { operation: 'plans.delete', method: 'DELETE', path: '/plans/{benefit}/{planID}/', spec: 'extra' },
  { operation: 'users.create', method: 'POST', path: '/users/', spec: '2.2.1' },
  { operation: 'users.list', method: 'GET', path: '/users/list/', spec: 'extra' },
  { operation: 'users.summaries', method: 'GET', path: '/users/summaries/', spec: 'local' },
  { operation: 'users.byEmail', method: 'GET', path: '/users/byEmail/{email}/', spec: 'extra' },
  { operation: 'users.read', method: 'GET', path: '/users/{userID}/', spec: 'extra' },
  { operation: 'users.replace', method: 'PUT', path: '/users/{userID}/', spec: 'extra' },
  { operation: 'users.delete', method: 'DELETE', path: '/users/{userID}/', spec: 'extra' },
  { operation: 'users.setRole', method: 'PUT', path: '/users/{userID}/role/', spec: 'local' },
  { operation: 'divisions.create', method: 'POST', path: '/divisions/', spec: '2.2.1' },
  { operation: 'divisions.list', method: 'GET', path: '/divisions/list/', spec: '2.2.1' },
  { operation: 'divisions.byEmployer', method: 'GET', path: '/divisions/byEmployer/{employerID}/', spec: 'extra' },
  { operation: 'divisions.read', method: 'GET', path: '/divisions/{divisionID}/', spec: 'extra' },
  { operation: 'divisions.replace', method: 'PUT', path: '/divisions/{divisionID}/', spec: 'extra' },
  { operation: 'divisions.delete', method: 'DELETE', path: '/divisions/{divisionID}/', spec: 'extra' },
  { operation: 'divisions.addUser', method: 'POST', path: '/divisions/{divisionID}/addUser/', spec: '2.2.1' },
  { operation: 'divisions.removeUser', method: 'POST', path: '/divisions/{divisionID}/removeUser/', spec: 'extra' },
  { operation: 'filters.list', method: 'GET', path: '/filters/list/', spec: 'extra' },
  { operation: 'changes.list', method: 'GET', path: '/changes/', spec: 'sync' },
  { operation: 'batch.apply', method: 'POST', path: '/batch/', spec: 'sync' },
  { operation: 'capabilities.read', method: 'GET', path: '/capabilities/', spec: 'sync' },
] as const;

export type Route = (typeof routes)[number];
export type Operation = Route['operation'];

/** What a parameter segment must look like; anything else is not a path of the service (404). */
const parameterPatterns: Record<string, RegExp> = {
  benefit: new RegExp(`^(${BENEFITS.join('|')})$`),
  email: /^[^/]+$/,
};

export type PathMatch =
  { kind: 'found'; route: Route; params: Record<string, string> } | { kind: 'method-not-allowed'; allowed: string[] } | { kind: 'not-found' };

/** A route's path segment: literal text, or the name of the parameter that stands there. */
type PatternSegment = string | { parameter: string };

/** The operations one service answers, matched against requests; every other path is unknown to it. */
export interface RouteTable {
  readonly routes: readonly Route[];
  match(method: string, path: string): PathMatch;
}

function routeTable(served: readonly Route[]): RouteTable {
  // Every route's path split once, not on every request.
  const patterns = served.map((route) => ({
    route,
    segments: splitPath(route.path)!.map((part): PatternSegment => (part.startsWith('{') ? { parameter: part.slice(1, -1) } : part)),
  }));
  return {
    routes: served,
    match(method, path) {
      const segments = splitPath(path);
      if (!segments) return { kind: 'not-found' };
      const allowed: string[] = [];
      for (const { route, segments: pattern } of patterns) {
        const params = matchSegments(pattern, segments);
        if (!params) continue;
        if (route.method === method) return { kind: 'found', route, params };
        if (!allowed.includes(route.method)) allowed.push(route.method);
      }
      return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
    },
  };
}

/** Everything PlanDesk serves. */
export const fullApi = routeTable(routes);

/** Only the operations of 2.2.1 (`plandesk serve --strict-api`): a remote without PlanDesk's extensions. */
export const strictApi = routeTable(routes.filter((route) => route.spec === '2.2.1'));

const SERVER_ONLY: ReadonlySet<Operation> = new Set(['changes.list', 'batch.apply', 'capabilities.read']);

/** What a workspace answers on the laptop: everything but a server's own operations (the changes feed, batches, capabilities); only a served database keeps the feed's journal. */
export const workspaceApi = routeTable(routes.filter((route) => !SERVER_ONLY.has(route.operation)));

export const matchRoute = (method: string, path: string): PathMatch => fullApi.match(method, path);

/** Paths end with a slash, as DRF's do; `/plans/medical` (no slash) is not a path of the service. */
function splitPath(path: string): string[] | undefined {
  if (!path.startsWith('/') || !path.endsWith('/') || path.includes('//')) return undefined;
  return path.slice(1, -1).split('/');
}

function matchSegments(pattern: PatternSegment[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const part = pattern[index]!;
    const segment = segments[index]!;
    if (typeof part === 'object') {
      const name = part.parameter;
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
      if (!(parameterPatterns[name] ?? UUID_PATTERN).test(value)) return undefined;
      params[name] = name === 'email' ? value : value.toLowerCase();
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}
