import type { Benefit } from '../../shared/plans/benefits.js';
import { fullApi, type Operation, type RouteTable } from '../../shared/routes.js';
import { messages } from '../../shared/validation/messages.js';
import type { ApiRequest, ApiResponse, Router } from '../api/types.js';
import type { Db } from '../store/database.js';
import { ApiError, notFound } from '../service/api-error.js';
import { describePath } from './describe-path.js';
import { MAX_NESTING, nestsTooDeep } from '../../shared/validation/nesting.js';
import { Caller } from '../service/caller.js';
import { listChanges } from '../service/changes.js';
import type { ServiceContext } from '../service/context.js';
import { createEmployer, employerPlans, employerSummaries, getEmployer, listEmployers, removeEmployer, replaceEmployer } from '../service/employers.js';
import { listAccountFilters } from '../service/filters.js';
import { createPlan, readPlan, removePlan, replacePlan } from '../service/plans.js';
import { createUser, listAccountUsers, readUser, readUserByEmail, removeUser, replaceUser, setUserRole, userAdminSummaries } from '../service/users.js';
import {
  addDivisionUser,
  createDivision,
  divisionOfEmployer,
  listHeldDivisions,
  readDivision,
  removeDivision,
  removeDivisionUser,
  replaceDivision,
} from '../service/divisions.js';

type Params = Record<string, string>;
type Body = Record<string, unknown>;
type Handler = (context: ServiceContext, caller: Caller, params: Params, body: Body, query: URLSearchParams) => Promise<unknown>;

const benefitOf = (params: Params) => params.benefit as Benefit;

/** Batches and capabilities belong to `plandesk serve`'s HTTP edge (main/http/extensions.ts), which answers them before the router; no other caller of the router has them. */
const servedByHttpEdge = (): never => {
  throw notFound();
};

/** What each operation does; `null` means 204 No Content. */
const handlers: Record<Operation, Handler> = {
  'employers.create': (c, caller, _p, body) => createEmployer(c, caller, body),
  'employers.list': (c, caller) => listEmployers(c, caller),
  'employers.summaries': (c, caller, _p, _b, query) => employerSummaries(c, caller, query),
  'employers.read': (c, caller, p) => getEmployer(c, caller, p.employerID!),
  'employers.replace': (c, caller, p, body) => replaceEmployer(c, caller, p.employerID!, body),
  'employers.delete': (c, caller, p) => noContent(removeEmployer(c, caller, p.employerID!)),
  'employers.plans': (c, caller, p) => employerPlans(c, caller, p.employerID!),
  'plans.create': (c, caller, p, body) => createPlan(c, caller, benefitOf(p), body),
  'plans.read': (c, caller, p) => readPlan(c, caller, benefitOf(p), p.planID!),
  'plans.replace': (c, caller, p, body) => replacePlan(c, caller, benefitOf(p), p.planID!, body),
  'plans.delete': (c, caller, p) => noContent(removePlan(c, caller, benefitOf(p), p.planID!)),
  'users.create': (c, caller, _p, body) => createUser(c, caller, body),
  'users.list': (c, caller) => listAccountUsers(c, caller),
  'users.byEmail': (c, caller, p) => readUserByEmail(c, caller, p.email!),
  'users.read': (c, caller, p) => readUser(c, caller, p.userID!),
  'users.replace': (c, caller, p, body) => replaceUser(c, caller, p.userID!, body),
  'users.delete': (c, caller, p) => noContent(removeUser(c, caller, p.userID!)),
  'users.summaries': (c, caller) => userAdminSummaries(c, caller),
  'users.setRole': (c, caller, p, body) => setUserRole(c, caller, p.userID!, body),
  'divisions.create': (c, caller, _p, body) => createDivision(c, caller, body),
  'divisions.list': (c, caller) => listHeldDivisions(c, caller),
  'divisions.byEmployer': (c, caller, p) => divisionOfEmployer(c, caller, p.employerID!),
  'divisions.read': (c, caller, p) => readDivision(c, caller, p.divisionID!),
  'divisions.replace': (c, caller, p, body) => replaceDivision(c, caller, p.divisionID!, body),
  'divisions.delete': (c, caller, p) => noContent(removeDivision(c, caller, p.divisionID!)),
  'divisions.addUser': (c, caller, p, body) => addDivisionUser(c, caller, p.divisionID!, body),
  'divisions.removeUser': (c, caller, p, body) => removeDivisionUser(c, caller, p.divisionID!, body),
  'filters.list': (c, caller) => listAccountFilters(c, caller),
  'changes.list': (c, caller, _p, _b, query) => listChanges(c, caller, query),
  'batch.apply': servedByHttpEdge,
  'capabilities.read': servedByHttpEdge,
};

/** A delete's answer: nothing, once it is done. */
const noContent = async (done: Promise<void>): Promise<null> => {
  await done;
  return null;
};

const WRITE_METHODS = new Set(['POST', 'PUT']);

/**
 * The one router: (method, path, body, actor) → {status, body}, promised, and answered in the
 * transaction handle `db` when one is given. The HTTP server, the CLI and the
 * Electron IPC handler all call it unchanged. Order of checks, as DRF's: path, authentication,
 * method, permission, object lookup, then validation. HEAD is answered as GET (the HTTP server
 * leaves the body out); OPTIONS describes the path. Only the operations of `api` are served: any
 * other path is unknown (404), any other method on a known path not allowed (405).
 */
export function createRouter(context: ServiceContext, api: RouteTable = fullApi): Router {
  return async (request: ApiRequest, db?: Db): Promise<ApiResponse> => {
    const bound = db ? { ...context, db } : context;
    const method = request.method.toUpperCase();
    const { path, query } = splitTarget(request.path);
    const match = api.match(method === 'HEAD' ? 'GET' : method, path);
    if (match.kind === 'not-found') return { status: 404, body: { detail: messages.notFound } };
    try {
      const caller = await Caller.resolve(bound.db, request.actor);
      if (method === 'OPTIONS') return describePath(api, path);
      if (match.kind === 'method-not-allowed') {
        return { status: 405, body: { detail: messages.methodNotAllowed(method) }, headers: { Allow: match.allowed.join(', ') } };
      }
      let body: Body = {};
      if (WRITE_METHODS.has(method)) {
        if (request.body !== undefined && !isPlainObject(request.body)) {
          return { status: 400, body: { detail: messages.jsonParse('Expected a JSON object.') } };
        }
        if (request.body !== undefined && nestsTooDeep(request.body)) {
          return { status: 400, body: { detail: messages.jsonParse(`Nesting deeper than ${MAX_NESTING} levels.`) } };
        }
        body = (request.body as Body | undefined) ?? {};
      }
      const result = await handlers[match.route.operation](bound, caller, match.params, body, query);
      return result === null ? { status: 204, body: null } : { status: 200, body: result };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: error.body, ...(error.headers ? { headers: error.headers } : {}) };
      throw error;
    }
  };
}

/** `/employers/summaries/?limit=50` → the path and its query; operations that take no query ignore one, as DRF's do. */
function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const mark = target.indexOf('?');
  return mark === -1 ? { path: target, query: new URLSearchParams() } : { path: target.slice(0, mark), query: new URLSearchParams(target.slice(mark + 1)) };
}

function isPlainObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
