// The files `npm run openapi` writes, made from the code: the OpenAPI documents of the full API and
// of `--strict-api`, and the TypeScript types openapi-typescript makes from the full one (for the
// test's generated client). tests/openapi/document.test.ts fails when a committed file differs.
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../main/http/openapi/document.js';
import { fullApi, strictApi } from '../shared/routes.js';

export const OPENAPI_FILES = {
  full: 'docs/openapi.json',
  strict: 'docs/openapi-strict.json',
  types: 'tests/support/openapi-types.ts',
} as const;

const json = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

/** Each file's path (from the repository's folder) and its text. openapi-typescript refuses a document that is not valid OpenAPI. */
export async function openApiFiles(): Promise<Record<string, string>> {
  const full = json(openApiDocument(fullApi));
  const types = astToString(await openapiTS(full, { silent: true }));
  return {
    [OPENAPI_FILES.full]: full,
    [OPENAPI_FILES.strict]: json(openApiDocument(strictApi)),
    [OPENAPI_FILES.types]: `// Made by \`npm run openapi\` from docs/openapi.json with openapi-typescript: do not edit.\n\n${types}`,
  };
}
