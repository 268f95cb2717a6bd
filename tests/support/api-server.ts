// The API over real HTTP on loopback, against a real SQLite file in a temporary folder (or, in the
// PostgreSQL projects of vitest.config.mts, a throw-away PostgreSQL database): the same pieces
// `plandesk serve` wires together (openDatabase, createContext, createRouter, startServer),
// with a clock the tests can move, and an account bootstrapped the way `plandesk admin bootstrap`
// does it.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Agent, request as httpRequest } from 'undici';
import { TrustedProxies } from '../../main/http/client-address.js';
import { CommitSizes } from '../../main/http/commit-sizes.js';
import type { RateLimit } from '../../main/http/rate-limit.js';
import { postgresPoolOf } from '../../main/store/postgres/pool-store.js';
import { startServer, type RunningServer } from '../../main/http/server.js';
import { createRouter } from '../../main/router/router.js';
import { fullApi, strictApi } from '../../shared/routes.js';
import { bootstrap, issueTokenFor } from '../../main/service/accounts.js';
import { createContext, type ServiceContext } from '../../main/service/context.js';
import { isPostgres, readTransaction, sql, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { serveDatabase } from './postgres.js';
import { validEmployerBody, validPlanBody } from './fixtures.js';
import { contractFor } from './openapi-contract.js';
import type { Benefit } from '../../shared/plans/benefits.js';

/** The instant the harness clock starts at: inside the fixtures' 2025 plan year. */
export const HARNESS_START = '2025-06-15T12:00:00.000Z';

export interface ApiResponseOf {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body; null for an empty body (204); undefined when the body is not JSON. */
  body: any;
  text: string;
}

interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Readable;
}

export interface Account {
  account: string;
  user: string;
  division: string;
  email: string;
  token: string;
}

export interface RegularUser {
  id: string;
  email: string;
  token: string;
  division: string;
}

interface SettableClock {
  now(): Date;
  set(instant: string | Date): void;
  advanceDays(days: number): void;
}

export interface ApiHarness {
  dir: string;
  /** The database, as `--db` takes it: a SQLite file in `dir`, or a PostgreSQL URL. */
  location: string;
  db: Db;
  context: ServiceContext;
  server: RunningServer;
  url: string;
  clock: SettableClock;
  /** The bootstrapped account; its user is an admin. */
  admin: Account;
  /**
   * One request with a JSON body (omitted when `body` is undefined). `token` defaults to the
   * admin's; null sends no Authorization header.
   */
  request(method: string, path: string, body?: unknown, token?: string | null): Promise<ApiResponseOf>;
  /** One request exactly as given: headers and body text untouched. */
  raw(request: RawRequest): Promise<ApiResponseOf>;
  /** A new division (made by the admin) and a regular user holding only it, with a token. */
  createRegularUser(options?: { email?: string; divisionName?: string; division?: string }): Promise<RegularUser>;
  /** A second account on the same service, with its own admin, division and filters. */
  bootstrapAccount(options?: { account?: string; email?: string; division?: string }): Promise<Account>;
  /** A valid employer, created through the API in the given division (the admin's by default). */
  createEmployer(overrides?: Record<string, unknown>, token?: string): Promise<Record<string, any>>;
  /** A valid plan of the given kind, created through the API for the given employer. */
  createPlan(benefit: Benefit, employer: string, overrides?: Record<string, unknown>, token?: string): Promise<Record<string, any>>;
  /** A digest of every row of every table (but `exclude`): equal digests mean nothing was written. */
  digest(exclude?: readonly string[]): Promise<string>;
  /** Closes the server and removes its files; closing again waits for the first close. */
  close(): Promise<void>;
}

let sequence = 0;
/** A short string unique within this process, for names, urls and e-mails that must not collide. */
export function unique(prefix = 'x'): string {
  sequence += 1;
  return `${prefix}${process.pid}n${sequence}`;
}

export async function startApi(
  options: {
    rateLimit?: RateLimit;
    bodyLimit?: number;
    connectionsPerClient?: number;
    start?: string;
    strictApi?: boolean;
    log?: (line: string) => void;
    /** As `--trust-proxy`. */
    trustProxy?: string[];
    keepAliveTimeoutS?: number;
    /** As `--metrics`: GET /metrics answers, counting the connection's use on PostgreSQL. */
    metrics?: boolean;
  } = {},
): Promise<ApiHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-api-'));
  const database = await serveDatabase(dir, 'service');
  const db = await openDatabase(database.url, { server: true });
  let current = new Date(options.start ?? HARNESS_START).getTime();
  const clock: SettableClock = {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant).getTime();
    },
    advanceDays: (days) => {
      current += days * 86_400_000;
    },
  };
  const context = createContext(db, { clock: clock.now });
  const router = createRouter(context, options.strictApi ? strictApi : fullApi);
  const server = await startServer({
    db,
    router,
    port: 0,
    clock: clock.now,
    strictApi: options.strictApi ?? false,
    ...(options.connectionsPerClient !== undefined ? { connectionsPerClient: options.connectionsPerClient } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.trustProxy ? { trustProxy: new TrustedProxies(options.trustProxy, '--trust-proxy') } : {}),
    ...(options.keepAliveTimeoutS !== undefined ? { keepAliveTimeoutS: options.keepAliveTimeoutS } : {}),
    ...(options.metrics ? { metrics: isPostgres(db) ? { poolUse: () => postgresPoolOf(db).use() } : { commitSizes: new CommitSizes() } } : {}),
  });
  const agent = new Agent({ keepAliveTimeout: 2_000, connections: 8 });
  const contract = contractFor(options.strictApi ? strictApi : fullApi);

  const adminEmail = `${unique('admin')}@broker.example.com`;
  const created = await bootstrap(context, { account: 'Harness Brokers', email: adminEmail, division: 'Home Division' });
  const admin: Account = { ...created, email: adminEmail };

  async function raw(req: RawRequest): Promise<ApiResponseOf> {
    const response = await httpRequest(`${server.url}${req.path}`, {
      method: req.method as 'GET',
      headers: req.headers ?? {},
      ...(req.body !== undefined ? { body: req.body } : {}),
      dispatcher: agent,
    });
    const text = await response.body.text();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    let body: unknown;
    if (text === '') body = null;
    else {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    // Every answer is one the OpenAPI document describes, or the test fails here (tests/support/openapi-contract.ts).
    contract.check({ method: req.method, path: req.path, requestBody: parsedBody(req.body), status: response.statusCode, headers, text });
    return { status: response.statusCode, headers, body, text };
  }

  function request(method: string, path: string, body?: unknown, token: string | null = admin.token): Promise<ApiResponseOf> {
    const headers: Record<string, string> = {};
    if (token !== null) headers.authorization = `Token ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return raw({ method, path, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  }

  async function expectOk(response: ApiResponseOf, what: string): Promise<Record<string, any>> {
    if (response.status !== 200) throw new Error(`${what}: expected 200, got ${response.status} ${response.text}`);
    return response.body as Record<string, any>;
  }

  let closing: Promise<void> | undefined;
  const harness: ApiHarness = {
    dir,
    location: database.url,
    db,
    context,
    server,
    url: server.url,
    clock,
    admin,
    request,
    raw,
    async createRegularUser(opts = {}) {
      let division = opts.division;
      if (division === undefined) {
        const made = await expectOk(
          await request('POST', '/divisions/', { name: opts.divisionName ?? unique('Division '), users: [], employer_ids: [] }),
          'create division',
        );
        division = made.id as string;
      }
      const email = opts.email ?? `${unique('user')}@broker.example.com`;
      const user = await expectOk(
        await request('POST', '/users/', { email, first_name: 'Regular', last_name: 'User', division_ids: [division] }),
        'create user',
      );
      return { id: user.id as string, email, division, token: await issueTokenFor(context, email) };
    },
    async bootstrapAccount(opts = {}) {
      const email = opts.email ?? `${unique('other-admin')}@elsewhere.example.com`;
      const made = await bootstrap(context, { account: opts.account ?? 'Other Brokers', email, division: opts.division ?? 'Their Division' });
      return { ...made, email };
    },
    async createEmployer(overrides = {}, token = admin.token) {
      const name = unique('Employer ');
      const body = validEmployerBody(admin.division, {
        name,
        url: `https://${name.replace(/\s+/g, '-').toLowerCase()}.example.com`,
        other_filters: [],
        ...overrides,
      });
      return expectOk(await request('POST', '/employers/', body, token), 'create employer');
    },
    async createPlan(benefit, employer, overrides = {}, token = admin.token) {
      const body = validPlanBody(benefit, { employer, title: unique(`${benefit} plan `), from_plan: undefined, from_action: undefined, ...overrides });
      return expectOk(await request('POST', `/plans/${benefit}/`, body, token), `create ${benefit} plan`);
    },
    digest(exclude = []) {
      return databaseDigest(db, exclude);
    },
    close() {
      closing ??= (async () => {
        await agent.close();
        await server.close();
        await db.close();
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
  return harness;
}

/** A request body sent as JSON text, parsed; undefined for anything else. */
function parsedBody(body: RawRequest['body']): unknown {
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return undefined;
  try {
    return JSON.parse(body.toString()) as unknown;
  } catch {
    return undefined;
  }
}

/** SHA-256 over every row of every table (but `exclude`), each table's rows in a fixed order, read in one unit. */
function databaseDigest(db: Db, exclude: readonly string[] = []): Promise<string> {
  return readTransaction(db, async (db) => {
    const hash = createHash('sha256');
    const tables = (await sql(
      db,
      isPostgres(db)
        ? "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
      .pluck()
      .all()) as string[];
    for (const table of tables) {
      if (exclude.includes(table)) continue;
      hash.update(`\u0000${table}\u0000`);
      const rows = (
        await sql(db, `SELECT * FROM "${table.replace(/"/g, '""')}"`)
          .raw()
          .all()
      ).map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : Buffer.isBuffer(value) ? value.toString('hex') : value)),
      );
      // Sorted rather than by rowid, which PostgreSQL tables lack: equal digests still mean equal rows.
      for (const row of rows.sort()) hash.update(`${row}\n`);
    }
    return hash.digest('hex');
  });
}
