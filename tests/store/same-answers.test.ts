// The one decision of issue 26: the service, the router and every response stay as they are, and
// PostgreSQL is a second store under them. The same requests, with the same clock and ids, must get
// byte-for-byte the same answers from a PostgreSQL database as from a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../main/api/types.js';
import { createRouter } from '../../main/router/router.js';
import { createAccountWithAdmin } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { isPostgres } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { validEmployerBody, validPlanBody, validUserBody } from '../support/fixtures.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

/** A conversation: each step may use what the earlier answers named (ids); it speaks as the account's admin unless it names another user. */
type Step = (answers: ApiResponse[]) => Omit<ApiRequest, 'actor'> & { as?: string };

const idOf = (answer: ApiResponse | undefined) => (answer?.body as { id: string }).id;

const basics = (division: string): Step[] => [
  () => ({ method: 'POST', path: '/divisions/', body: { name: 'West Region', users: [], employer_ids: [] } }),
  () => ({ method: 'GET', path: '/divisions/list/', body: undefined }),
  (a) => ({ method: 'POST', path: '/employers/', body: validEmployerBody(idOf(a[0]), { other_filters: [] }) }),
  () => ({
    method: 'POST',
    path: '/employers/',
    body: validEmployerBody(division, { name: 'ACME WIDGETS, INC.', url: 'https://other.example.com', other_filters: [] }),
  }),
  (a) => ({ method: 'POST', path: '/plans/medical/', body: validPlanBody('medical', { employer: idOf(a[2]), from_plan: undefined, from_action: undefined }) }),
  (a) => ({ method: 'POST', path: '/plans/dental/', body: validPlanBody('dental', { employer: idOf(a[2]) }) }),
  (a) => ({
    method: 'POST',
    path: '/plans/medical/',
    body: validPlanBody('medical', { employer: idOf(a[2]), title: 'blue choice ppo 1500', from_plan: undefined, from_action: undefined }),
  }),
  (a) => ({ method: 'GET', path: `/divisions/${idOf(a[0])}/`, body: undefined }),
  (a) => ({ method: 'GET', path: `/employers/${idOf(a[2])}/`, body: undefined }),
  (a) => ({ method: 'GET', path: `/plans/medical/${idOf(a[4])}/`, body: undefined }),
  (a) => ({ method: 'GET', path: `/plans/dental/${idOf(a[5])}/`, body: undefined }),
  () => ({ method: 'GET', path: '/employers/summaries/', body: undefined }),
  () => ({ method: 'POST', path: '/users/', body: validUserBody({ division_ids: [division] }) }),
  () => ({ method: 'POST', path: '/users/', body: validUserBody({ email: 'JORDAN.LEE@acmewidgets.example.com', division_ids: [division] }) }),
  (a) => ({
    method: 'PUT',
    path: `/divisions/${idOf(a[0])}/`,
    body: { name: 'West', users: ['jordan.lee@acmewidgets.example.com'], employer_ids: [idOf(a[2])] },
  }),
  () => ({ method: 'GET', path: '/changes/?limit=50', body: undefined }),
];

/** Text beyond ASCII, renames, moves, memberships, deletes, windows of lists, and the feed as a member who holds one division. */
const everythingElse = (division: string): Step[] => [
  () => ({ method: 'POST', path: '/divisions/', body: { name: 'Société Générale', users: [], employer_ids: [] } }),
  () => ({ method: 'POST', path: '/divisions/', body: { name: 'SOCIÉTÉ GÉNÉRALE', users: [], employer_ids: [] } }),
  () => ({
    method: 'POST',
    path: '/employers/',
    body: validEmployerBody(division, { name: 'Müller GmbH', url: 'https://mueller.example.com', other_filters: [] }),
  }),
  () => ({ method: 'POST', path: '/employers/', body: validEmployerBody(division, { name: 'MÜLLER GMBH', url: 'https://m2.example.com', other_filters: [] }) }),
  () => ({ method: 'POST', path: '/users/', body: validUserBody({ email: 'ann@acme.example.com', division_ids: [division] }) }),
  (a) => ({ method: 'POST', path: `/divisions/${idOf(a[0])}/addUser/`, body: { email: 'ANN@acme.example.com' } }),
  () => ({ method: 'GET', path: '/users/byEmail/ANN%40ACME.EXAMPLE.COM/', body: undefined }),
  (a) => ({ method: 'POST', path: '/plans/vision/', body: validPlanBody('vision', { employer: idOf(a[2]) }) }),
  (a) => ({
    method: 'PUT',
    path: `/plans/vision/${idOf(a[7])}/`,
    body: validPlanBody('vision', { employer: idOf(a[2]), carrier: 'EyeMed', end_date: '2024-12-31', start_date: '2024-01-01' }),
  }),
  (a) => ({ method: 'GET', path: `/employers/${idOf(a[2])}/plans/`, body: undefined }),
  () => ({ method: 'POST', path: '/employers/', body: validEmployerBody(division, { name: 'Zeta Corp', url: 'https://zeta.example.com', other_filters: [] }) }),
  () => ({ method: 'GET', path: '/employers/summaries/?limit=1&offset=1', body: undefined }),
  () => ({ method: 'GET', path: '/employers/list/', body: undefined }),
  (a) => ({ method: 'GET', path: '/changes/?limit=3', body: undefined, as: idOf(a[4]) }),
  (a) => ({
    method: 'PUT',
    path: `/employers/${idOf(a[2])}/`,
    body: validEmployerBody(idOf(a[0]), { name: 'Müller GmbH', url: 'https://mueller.example.com', other_filters: [] }),
  }),
  (a) => ({ method: 'GET', path: `/divisions/byEmployer/${idOf(a[2])}/`, body: undefined }),
  (a) => ({ method: 'POST', path: `/divisions/${idOf(a[0])}/removeUser/`, body: { email: 'ann@acme.example.com' } }),
  (a) => ({ method: 'DELETE', path: `/divisions/${idOf(a[0])}/`, body: undefined }),
  (a) => ({ method: 'DELETE', path: `/plans/vision/${idOf(a[7])}/`, body: undefined }),
  (a) => ({ method: 'DELETE', path: `/employers/${idOf(a[2])}/`, body: undefined }),
  (a) => ({ method: 'DELETE', path: `/divisions/${idOf(a[0])}/`, body: undefined }),
  () => ({ method: 'GET', path: '/users/list/', body: undefined }),
  () => ({ method: 'GET', path: '/users/summaries/', body: undefined }),
  () => ({ method: 'GET', path: '/filters/list/', body: undefined }),
  (a) => ({ method: 'GET', path: '/changes/?limit=100', body: undefined, as: idOf(a[4]) }),
  () => ({ method: 'GET', path: '/changes/?limit=100', body: undefined }),
];

/** Every answer of a conversation on a fresh database at `location`, with a fixed clock and counted ids. */
async function converse(location: string, conversation: (division: string) => Step[]): Promise<ApiResponse[]> {
  // A server's database, as serve opens it: on SQLite only that one keeps the changes journal the feed reads.
  const db = await openDatabase(location, { server: true });
  try {
    let next = 0;
    const newId = () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;
    const context = createContext(db, { clock: () => new Date('2025-06-01T12:00:00.000Z'), newId });
    const made = await createAccountWithAdmin(context, {
      account: 'Acme Brokers',
      email: 'admin@acme.example.com',
      division: 'East',
      first_name: 'Ada',
      last_name: 'Admin',
    });
    const router = createRouter(context);
    const answers: ApiResponse[] = [];
    for (const step of conversation(made.division)) {
      const { as, ...request } = step(answers);
      answers.push(await router({ ...request, actor: { userId: as ?? made.user } }));
    }
    expect(isPostgres(db)).toBe(location.startsWith('postgres'));
    return answers;
  } finally {
    await db.close();
  }
}

describe.skipIf(!POSTGRES_ADMIN_URL)('the service on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'plandesk-same-'));
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The conversation on a SQLite file and on a PostgreSQL database of its own: the answers, and SQLite's statuses. */
  async function onBoth(conversation: (division: string) => Step[]): Promise<{ onSqlite: ApiResponse[]; onPostgres: ApiResponse[] }> {
    const pg = await createTestDatabase('same-answers');
    databases.push(pg);
    return { onSqlite: await converse(join(dir, `${databases.length}.db`), conversation), onPostgres: await converse(pg.url, conversation) };
  }

  const expectSame = (onPostgres: ApiResponse[], onSqlite: ApiResponse[]) =>
    onPostgres.forEach((answer, index) => expect({ step: index, ...withoutCursor(answer) }).toEqual({ step: index, ...withoutCursor(onSqlite[index]!) }));

  it('creates and reads divisions, employers, plans and users with the same answers as on SQLite, refusals included', async () => {
    const { onSqlite, onPostgres } = await onBoth(basics);
    expect(onSqlite.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 200, 200, 400, 200, 200, 200, 200, 200, 200, 400, 200, 200]);
    expectSame(onPostgres, onSqlite);
    // The feed's cursor is the one thing that differs: on PostgreSQL it carries a transaction id (change-cursor.ts).
    const feed = (answers: ApiResponse[]) => answers.at(-1)!.body as { next: string };
    expect(feed(onPostgres).next).not.toBe(feed(onSqlite).next);
  });

  it("answers the same to names beyond ASCII, moves, memberships, deletes, windows of lists and a member's feed", async () => {
    const { onSqlite, onPostgres } = await onBoth(everythingElse);
    expect(onSqlite.map((answer) => answer.status)).toEqual([
      200, 400, 200, 400, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 409, 204, 204, 204, 200, 200, 200, 200, 200,
    ]);
    expectSame(onPostgres, onSqlite);
  });
});

/** An answer without the changes feed's cursor and snapshot id, which name a place in the journal in each store's own terms. */
function withoutCursor(answer: ApiResponse): ApiResponse {
  const body = answer.body as Record<string, unknown> | null;
  if (!body || !('next' in body) || !('snapshot' in body)) return answer;
  const snapshot = body.snapshot as Record<string, unknown>;
  return { ...answer, body: { ...body, next: 'a cursor', snapshot: { ...snapshot, id: 'a snapshot' } } };
}
