// The document's entries for what a load balancer and a monitor ask without a token
// (main/http/operational.ts): /healthz, /readyz and /metrics, which every server answers (/metrics
// only with --metrics), under --strict-api too.
import { HEALTH_PATH, METRICS_PATH, READY_PATH } from '../operational.js';
import type { JsonSchema } from './json-schema.js';

const common = { tags: ['operations', 'PlanDesk'], 'x-plandesk-extension': true, 'x-plandesk-spec': 'local', security: [] } as const;

const status = (value: string): JsonSchema => ({ type: 'object', properties: { status: { const: value } }, required: ['status'], additionalProperties: false });

export function operationalPaths(): Record<string, Record<string, JsonSchema>> {
  return {
    [HEALTH_PATH]: {
      get: {
        operationId: 'health.read',
        summary: 'The process answers',
        description: "200 while the process runs; it asks nothing of the database. No token needed. PlanDesk's own: the hosted service does not have it.",
        ...common,
        responses: { 200: { description: 'The process answers.', content: { 'application/json': { schema: status('ok') } } } },
      },
    },
    [READY_PATH]: {
      get: {
        operationId: 'readiness.read',
        summary: 'The database answers and its migrations are current',
        description:
          "200 when the database answers (within 2 seconds) and holds exactly this server's migrations; 503 with the reason in one sentence otherwise. No token needed. PlanDesk's own: the hosted service does not have it.",
        ...common,
        responses: {
          200: { description: 'Ready.', content: { 'application/json': { schema: status('ready') } } },
          503: {
            description: 'Not ready, and why.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { status: { const: 'not ready' }, detail: { type: 'string' } },
                  required: ['status', 'detail'],
                  additionalProperties: false,
                },
              },
            },
          },
        },
      },
    },
    [METRICS_PATH]: {
      get: {
        operationId: 'metrics.read',
        summary: "The server's metrics, in Prometheus's text format",
        description:
          "Only when `plandesk serve` runs with `--metrics` (404 otherwise): requests by method, route template and status, their latency, 503 answers, writes per group commit and, on PostgreSQL, the connections' use. No token needed. PlanDesk's own: the hosted service does not have it.",
        ...common,
        responses: {
          200: { description: 'The metrics.', content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } } },
          404: { $ref: '#/components/responses/NotFound' },
        },
      },
    },
  };
}
