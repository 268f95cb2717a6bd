// What a load balancer and a monitor ask `serve` without a token: GET /healthz (the process
// answers), GET /readyz (the database answers and its migrations are current) and, only with
// --metrics, GET /metrics in Prometheus's text format. Tiny bodies that never name a record, a user
// or a count of records; routes in the metrics by their template, never a raw id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../main/store/database.js';
import { messages } from '../../shared/validation/messages.js';
import { startApi, type ApiHarness } from '../support/api-server.js';

describe('GET /healthz and GET /readyz', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi();
  });
  afterAll(() => h.close());

  it('answers /healthz 200 {"status": "ok"} without a token', async () => {
    const answer = await h.request('GET', '/healthz', undefined, null);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"status":"ok"}');
    expect(answer.headers['content-type']).toBe('application/json');
  });

  it('answers /readyz 200 {"status": "ready"} when the database answers and holds every migration', async () => {
    const answer = await h.request('GET', '/readyz', undefined, null);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"status":"ready"}');
  });

  it('answers HEAD as GET without the body, and another method 405', async () => {
    const head = await h.raw({ method: 'HEAD', path: '/healthz' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await h.request('POST', '/readyz', {}, null);
    expect(post.status).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
    expect(post.body).toEqual({ detail: messages.methodNotAllowed('POST') });
  });

  it('answers /readyz 503 with the reason when the database was migrated by a newer PlanDesk, and 200 again once it is not', async () => {
    await sql(h.db, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from-the-future', '2030-01-01T00:00:00.000Z')").run();
    try {
      const answer = await h.request('GET', '/readyz', undefined, null);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'not ready',
        detail: expect.stringMatching(/^the database was migrated by a newer PlanDesk \(schema version 999; this server knows up to \d+\)$/),
      });
    } finally {
      await sql(h.db, 'DELETE FROM schema_migrations WHERE version = 999').run();
    }
    expect((await h.request('GET', '/readyz', undefined, null)).status).toBe(200);
  });

  it('answers /readyz 503 when the database lacks a migration of this build', async () => {
    const last = (await sql(h.db, 'SELECT version, name, applied_at FROM schema_migrations ORDER BY version DESC LIMIT 1').get()) as {
      version: number;
      name: string;
      applied_at: string;
    };
    await sql(h.db, 'DELETE FROM schema_migrations WHERE version = ?').run(last.version);
    try {
      const answer = await h.request('GET', '/readyz', undefined, null);
      expect(answer.status).toBe(503);
      expect(answer.body.detail).toBe(
        `the database lacks migrations (schema version ${last.version - 1}; this server needs ${last.version}): restart serve to apply them`,
      );
    } finally {
      await sql(h.db, 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(last.version, last.name, last.applied_at);
    }
  });

  it('answers /metrics 404 unless serve runs with --metrics, with a token or without', async () => {
    expect((await h.request('GET', '/metrics', undefined, null)).status).toBe(404);
    expect((await h.request('GET', '/metrics')).status).toBe(404);
  });
});

/** Every line of Prometheus's text format: a comment (# HELP, # TYPE) or `name{labels} value`. */
const SAMPLE = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\["\\n])*",?)*\})? (-?\d+(\.\d+)?(e[+-]?\d+)?|\+Inf|NaN)$/;

describe('GET /metrics with --metrics', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi({ metrics: true });
  });
  afterAll(() => h.close());

  const metrics = async () => {
    const answer = await h.request('GET', '/metrics', undefined, null);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return answer.text;
  };

  it('counts requests by method, route template and status, never by a raw id or with a record', async () => {
    const employer = await h.createEmployer({ name: 'Metric Widgets Inc' });
    expect((await h.request('GET', `/employers/${employer.id}/`)).status).toBe(200);
    expect((await h.request('GET', `/employers/${employer.id}/`)).status).toBe(200);
    expect((await h.request('GET', '/employers/0194f2a0-0000-7000-8000-000000000000/')).status).toBe(404);
    expect((await h.request('GET', '/no/such/thing/')).status).toBe(404);

    const text = await metrics();
    for (const line of text.trimEnd().split('\n')) if (!line.startsWith('# ')) expect(line).toMatch(SAMPLE);
    expect(text).toContain('plandesk_http_requests_total{method="GET",route="/employers/{employerID}/",status="200"} 2\n');
    expect(text).toContain('plandesk_http_requests_total{method="GET",route="/employers/{employerID}/",status="404"} 1\n');
    expect(text).toContain('plandesk_http_requests_total{method="POST",route="/employers/",status="200"} 1\n');
    expect(text).toContain('plandesk_http_requests_total{method="GET",route="unmatched",status="404"} 1\n');
    expect(text).toContain('plandesk_http_request_duration_seconds_bucket{method="GET",route="/employers/{employerID}/",le="+Inf"} 3\n');
    expect(text).toMatch(/^plandesk_http_request_duration_seconds_count\{method="GET",route="\/employers\/\{employerID\}\/"\} 3$/m);
    expect(text).not.toContain(employer.id);
    expect(text).not.toContain('Metric Widgets');
    expect(text).not.toContain(h.admin.email);
  });

  it('gives the 503 answers, and the writes of each group commit on SQLite, the connections in use on PostgreSQL', async () => {
    await h.createEmployer();
    const text = await metrics();
    expect(text).toMatch(/^plandesk_http_unavailable_total 0$/m);
    if (h.location.startsWith('postgres')) {
      expect(text).toMatch(/^plandesk_postgres_connections 1$/m);
      expect(text).toMatch(/^plandesk_postgres_connections_busy 0$/m);
      expect(text).toMatch(/^plandesk_postgres_connections_waiting 0$/m);
      expect(text).not.toContain('plandesk_group_commit');
    } else {
      const commits = Number(/^plandesk_group_commit_writes_count (\d+)$/m.exec(text)?.[1]);
      expect(commits).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^plandesk_group_commit_writes_bucket\{le="1"\} \d+$/m);
      expect(text).toMatch(/^plandesk_group_commit_writes_sum \d+$/m);
      expect(text).not.toContain('plandesk_postgres_');
    }
  });

  it('counts itself, /healthz and /schema/ by their own path', async () => {
    await h.request('GET', '/healthz', undefined, null);
    await h.request('GET', '/schema/', undefined, null);
    const text = await metrics();
    expect(text).toContain('plandesk_http_requests_total{method="GET",route="/healthz",status="200"} 1\n');
    expect(text).toContain('plandesk_http_requests_total{method="GET",route="/schema/",status="200"} 1\n');
    expect(text).toMatch(/^plandesk_http_requests_total\{method="GET",route="\/metrics",status="200"\} \d+$/m);
  });
});
