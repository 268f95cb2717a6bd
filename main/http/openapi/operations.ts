// What the route table (shared/routes.ts) cannot say about each operation: its summary, the bodies
// it takes and answers (by their names in bodies.ts), its query, and the errors it may answer
// beyond those every operation may (docs/api.md, "Errors"). Keyed by the route table's operations:
// a route added without its entry here fails `npm run typecheck`.
import { SYNC_LIMITS } from '../../../shared/sync-wire.js';
import type { Operation } from '../../../shared/routes.js';
import { anyCaseId, type JsonSchema } from './json-schema.js';

/** A name of bodies.ts's schemas; `Plan` and `PlanInput` stand for the kind of the operation's path. */
type BodyName = string;

/** The 200 body: one schema, a list of one, either of two; null for 204 No Content. */
export type Answer = BodyName | { listOf: BodyName } | { oneOf: Answer[] } | null;

/** The errors that hang on the operation (who asks, which record), each a response of the document's components. */
type OperationError = 'Forbidden' | 'NotFound' | 'Conflict';

export interface QueryParameter {
  name: string;
  description: string;
  schema: JsonSchema;
  /** Given more than once, every value counts (`?division=A&division=B`). */
  repeatable?: boolean;
}

export interface OperationDoc {
  summary: string;
  description?: string;
  request?: BodyName;
  answer: Answer;
  errors: readonly OperationError[];
  query?: readonly QueryParameter[];
}

const admin = 'Admins only.';
const ONLY_HELD = 'Only records in the divisions the caller holds; any other id answers 404.';

export const OPERATION_DOCS: Record<Operation, OperationDoc> = {
  'employers.create': { summary: 'Create an employer', request: 'EmployerInput', answer: 'Employer', errors: [] },
  'employers.list': { summary: 'Every employer the caller can see, by id and name', answer: { listOf: 'NamedRef' }, errors: [] },
  'employers.summaries': {
    summary: 'Every employer the caller can see, with its plan counts',
    description:
      "PlanDesk's own (its employer list). With `limit` (and `offset`) one window of them, as DRF's limit/offset pagination answers; without, all of them by name.",
    answer: { oneOf: [{ listOf: 'EmployerSummary' }, 'EmployerSummaryPage'] },
    errors: [],
    query: [
      { name: 'limit', description: 'Rows in the window; without it, every row.', schema: { type: 'integer', minimum: 1, maximum: 1_000_000_000 } },
      { name: 'offset', description: 'Rows before the window (with `limit` only).', schema: { type: 'integer', minimum: 0, maximum: 1_000_000_000 } },
    ],
  },
  'employers.read': { summary: 'Read an employer', description: ONLY_HELD, answer: 'Employer', errors: ['NotFound'] },
  'employers.replace': { summary: 'Replace an employer', description: ONLY_HELD, request: 'EmployerInput', answer: 'Employer', errors: ['NotFound'] },
  'employers.delete': { summary: 'Delete an employer and its plans', description: ONLY_HELD, answer: null, errors: ['NotFound'] },
  'employers.plans': {
    summary: "An employer's plans of every kind",
    description: "PlanDesk's own (the employer's page): newest plan year first.",
    answer: { listOf: 'EmployerPlanSummary' },
    errors: ['NotFound'],
  },
  'plans.create': { summary: 'Create a plan', request: 'PlanInput', answer: 'Plan', errors: [] },
  'plans.read': { summary: 'Read a plan', description: ONLY_HELD, answer: 'Plan', errors: ['NotFound'] },
  'plans.replace': { summary: 'Replace a plan', description: ONLY_HELD, request: 'PlanInput', answer: 'Plan', errors: ['NotFound'] },
  'plans.delete': {
    summary: 'Delete a plan',
    description: `${ONLY_HELD} A plan that another plan was renewed or converted from answers 409 while that plan exists.`,
    answer: null,
    errors: ['NotFound', 'Conflict'],
  },
  'users.create': { summary: 'Create a user', description: admin, request: 'UserInput', answer: 'User', errors: ['Forbidden'] },
  'users.list': { summary: "Every user of the caller's account", description: admin, answer: { listOf: 'UserSummary' }, errors: ['Forbidden'] },
  'users.summaries': {
    summary: "Every user of the caller's account, with the admin role",
    description: `PlanDesk's own (its user screens). ${admin}`,
    answer: { listOf: 'UserAdminSummary' },
    errors: ['Forbidden'],
  },
  'users.byEmail': {
    summary: 'Read a user by e-mail',
    description: 'A user may read their own record; any other is for admins.',
    answer: 'User',
    errors: ['Forbidden', 'NotFound'],
  },
  'users.read': {
    summary: 'Read a user',
    description: 'A user may read their own record; any other is for admins.',
    answer: 'User',
    errors: ['Forbidden', 'NotFound'],
  },
  'users.replace': { summary: 'Replace a user', description: admin, request: 'UserInput', answer: 'User', errors: ['Forbidden', 'NotFound'] },
  'users.delete': {
    summary: 'Delete a user',
    description: `${admin} Nobody can delete themselves (409).`,
    answer: null,
    errors: ['Forbidden', 'NotFound', 'Conflict'],
  },
  'users.setRole': {
    summary: 'Grant or withdraw the admin role',
    description: `PlanDesk's own: the API has no such field. ${admin} Admins cannot withdraw their own role (409).`,
    request: 'UserRole',
    answer: 'UserAdminSummary',
    errors: ['Forbidden', 'NotFound', 'Conflict'],
  },
  'divisions.create': { summary: 'Create a division', description: admin, request: 'DivisionInput', answer: 'Division', errors: ['Forbidden'] },
  'divisions.list': { summary: 'The divisions the caller holds', answer: { listOf: 'NamedRef' }, errors: [] },
  'divisions.byEmployer': { summary: "An employer's division", description: ONLY_HELD, answer: 'Division', errors: ['NotFound'] },
  'divisions.read': { summary: 'Read a division', description: 'Only a division the caller holds.', answer: 'Division', errors: ['NotFound'] },
  'divisions.replace': {
    summary: 'Replace a division',
    description: `${admin} It must keep listing the employers it holds: an employer moves by being placed in another division.`,
    request: 'DivisionInput',
    answer: 'Division',
    errors: ['Forbidden', 'NotFound'],
  },
  'divisions.delete': {
    summary: 'Delete a division',
    description: `${admin} A division that still holds employers answers 409.`,
    answer: null,
    errors: ['Forbidden', 'NotFound', 'Conflict'],
  },
  'divisions.addUser': {
    summary: 'Add a user to a division',
    description: admin,
    request: 'DivisionMember',
    answer: 'Division',
    errors: ['Forbidden', 'NotFound'],
  },
  'divisions.removeUser': {
    summary: 'Remove a user from a division',
    description: admin,
    request: 'DivisionMember',
    answer: 'Division',
    errors: ['Forbidden', 'NotFound'],
  },
  'filters.list': { summary: "The account's filters", answer: { listOf: 'NamedRef' }, errors: [] },
  'changes.list': {
    summary: 'What changed since a cursor, or everything, in pages',
    description:
      'Without `since`, a listing of every record the caller can see, in pages; with the `next` of an earlier page, the changes since. Ask again at once with `since=next` while `complete` is false.',
    answer: 'ChangesPage',
    errors: [],
    query: [
      { name: 'since', description: 'The `next` of an earlier page.', schema: { type: 'string' } },
      {
        name: 'limit',
        description: `Records a page holds (${SYNC_LIMITS.changesPageDefault} when not given).`,
        schema: { type: 'integer', minimum: 1, maximum: SYNC_LIMITS.changesPageMax },
      },
      { name: 'division', description: 'Only these divisions, their employers and plans.', schema: anyCaseId(), repeatable: true },
    ],
  },
  'batch.apply': {
    summary: 'Many writes in one request',
    description:
      'Each operation is answered exactly as a single request would be, in order, each in its own savepoint of one commit; a failed operation changes nothing and leaves the others alone. The batch takes no Idempotency-Key header of its own (400): each operation has its `idempotency_key`.',
    request: 'BatchRequest',
    answer: 'BatchResponse',
    errors: [],
  },
  'capabilities.read': { summary: 'What this server offers beyond 2.2.1, and its limits', answer: 'Capabilities', errors: [] },
};
