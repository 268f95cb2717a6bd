import { messages } from '../../shared/validation/messages.js';
import type { Readiness } from '../store/readiness.js';
import type { ServerMetrics } from './metrics.js';
import type { WireResponse } from './wire.js';

/** The paths a load balancer and a monitor ask without a token. `/metrics` is among them only when `serve --metrics`. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/** The text format Prometheus scrapes. */
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/** The paths answered here rather than by the API, for the metrics' route label. */
export const OPERATIONAL_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH]);

/** The answer to `method path` when it is one of these paths, else undefined (the API's to answer). */
export type OperationalAnswer = (method: string, path: string) => Promise<WireResponse> | undefined;

/**
 * `GET /healthz` (the process answers), `GET /readyz` (its database answers, migrations current:
 * else 503 with the reason) and, with `metrics`, `GET /metrics`: answered before authentication,
 * each a few bytes that never name a record, a user or a count of records. HEAD as GET; another
 * method 405.
 */
export function operationalAnswers(ready: () => Promise<Readiness>, metrics: ServerMetrics | undefined): OperationalAnswer {
  const answers = new Map<string, () => Promise<WireResponse>>([
    [HEALTH_PATH, async () => json(200, { status: 'ok' })],
    [
      READY_PATH,
      async () => {
        const state = await ready();
        return state.ready ? json(200, { status: 'ready' }) : json(503, { status: 'not ready', detail: state.reason });
      },
    ],
  ]);
  if (metrics) answers.set(METRICS_PATH, async () => ({ status: 200, headers: { 'Content-Type': PROMETHEUS_TEXT }, payload: metrics.text() }));
  return (method, path) => {
    const answer = answers.get(path);
    if (!answer) return undefined;
    if (method !== 'GET' && method !== 'HEAD')
      return Promise.resolve({ ...json(405, { detail: messages.methodNotAllowed(method) }), headers: { Allow: 'GET, HEAD' } });
    return answer();
  };
}

function json(status: number, body: unknown): WireResponse {
  return { status, payload: JSON.stringify(body) };
}
