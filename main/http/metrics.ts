import type { RouteTable } from '../../shared/routes.js';
import type { PoolUse } from '../store/pool-use.js';
import type { CommitSizes, HistogramSnapshot } from './commit-sizes.js';

/** Upper bounds of the request latency buckets, in seconds: up to the statement timeout's 20 s and beyond. */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** The label of a path no route of the server matches: raw paths would make a series per id or typo. */
const UNMATCHED = 'unmatched';

/** What `serve --metrics` reads besides its own counts. */
export interface MetricSources {
  /** SQLite only: the writes of each group commit. */
  commitSizes?: CommitSizes;
  /** PostgreSQL only: the connections' use. */
  poolUse?: () => PoolUse;
}

/**
 * `serve`'s metrics, answered as Prometheus's text format (version 0.0.4) by `GET /metrics`:
 * requests by method, route template and status, their latency, the 503 answers, the writes per
 * group commit, and on PostgreSQL the use of the connections. Counts only: never a record, a user
 * or a count of records.
 */
export class ServerMetrics {
  private readonly requests = new Map<string, { labels: Labels; count: number }>();
  private readonly latency = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  private unavailable = 0;

  constructor(
    private readonly api: RouteTable,
    /** Paths answered outside the API (health, readiness, the metrics themselves), labelled as they are. */
    private readonly ownPaths: ReadonlySet<string>,
    private readonly sources: MetricSources,
  ) {}

  /** One request answered with `status` after `seconds`. */
  answered(method: string, path: string, status: number, seconds: number): void {
    const labels = { method: METHODS.has(method) ? method : 'other', route: this.routeOf(method, path) };
    const requestKey = `${labels.method} ${labels.route} ${status}`;
    const counted = this.requests.get(requestKey) ?? { labels: { ...labels, status: String(status) }, count: 0 };
    counted.count += 1;
    this.requests.set(requestKey, counted);

    const latencyKey = `${labels.method} ${labels.route}`;
    const timed = this.latency.get(latencyKey) ?? { labels, counts: new Array<number>(LATENCY_BUCKETS_S.length + 1).fill(0), sum: 0, count: 0 };
    const bucket = LATENCY_BUCKETS_S.findIndex((bound) => seconds <= bound);
    timed.counts[bucket === -1 ? LATENCY_BUCKETS_S.length : bucket]! += 1;
    timed.sum += seconds;
    timed.count += 1;
    this.latency.set(latencyKey, timed);

    if (status === 503) this.unavailable += 1;
  }

  text(): string {
    const lines: string[] = [];
    family(lines, 'plandesk_http_requests_total', 'counter', 'Requests answered, by method, route template and status.');
    for (const { labels, count } of this.requests.values()) lines.push(sample('plandesk_http_requests_total', labels, count));

    family(lines, 'plandesk_http_request_duration_seconds', 'histogram', 'Time from a request arriving to its answer, by method and route template.');
    for (const { labels, counts, sum, count } of this.latency.values()) {
      histogram(lines, 'plandesk_http_request_duration_seconds', labels, { bounds: LATENCY_BUCKETS_S, counts, sum, count });
    }

    family(lines, 'plandesk_http_unavailable_total', 'counter', 'Requests answered 503: the database could not be used, or the writer stopped.');
    lines.push(sample('plandesk_http_unavailable_total', {}, this.unavailable));

    if (this.sources.commitSizes) {
      family(lines, 'plandesk_group_commit_writes', 'histogram', 'Writes committed together in one group commit.');
      histogram(lines, 'plandesk_group_commit_writes', {}, this.sources.commitSizes.snapshot());
    }

    const pool = this.sources.poolUse?.();
    if (pool) {
      family(lines, 'plandesk_postgres_connections', 'gauge', 'Connections open to PostgreSQL.');
      lines.push(sample('plandesk_postgres_connections', {}, pool.open));
      family(lines, 'plandesk_postgres_connections_busy', 'gauge', 'Connections to PostgreSQL held by a unit of work or a statement.');
      lines.push(sample('plandesk_postgres_connections_busy', {}, pool.busy));
      family(lines, 'plandesk_postgres_connections_waiting', 'gauge', 'Units of work waiting for a free connection to PostgreSQL.');
      lines.push(sample('plandesk_postgres_connections_waiting', {}, pool.waiting));
    }
    return `${lines.join('\n')}\n`;
  }

  private routeOf(method: string, path: string): string {
    if (this.ownPaths.has(path)) return path;
    const match = this.api.match(method === 'HEAD' ? 'GET' : method, path);
    return match.kind === 'found' ? match.route.path : UNMATCHED;
  }
}

type Labels = Record<string, string>;

function family(lines: string[], name: string, type: string, help: string): void {
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
}

function histogram(lines: string[], name: string, labels: Labels, { bounds, counts, sum, count }: HistogramSnapshot): void {
  let cumulative = 0;
  bounds.forEach((bound, index) => {
    cumulative += counts[index]!;
    lines.push(sample(`${name}_bucket`, { ...labels, le: String(bound) }, cumulative));
  });
  lines.push(sample(`${name}_bucket`, { ...labels, le: '+Inf' }, count));
  lines.push(sample(`${name}_sum`, labels, sum));
  lines.push(sample(`${name}_count`, labels, count));
}

function sample(name: string, labels: Labels, value: number): string {
  const entries = Object.entries(labels);
  const text = entries.length === 0 ? '' : `{${entries.map(([key, label]) => `${key}="${escapeLabel(label)}"`).join(',')}}`;
  return `${name}${text} ${value}`;
}

/** The text format's escapes inside a label value: backslash, double quote and line feed. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
