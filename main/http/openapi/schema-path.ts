/** Where `plandesk serve` answers its OpenAPI document, to anyone (main/http/schema-endpoint.ts). */
export const SCHEMA_PATH = '/schema/';
