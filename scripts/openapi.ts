// `npm run openapi`: writes docs/openapi.json, docs/openapi-strict.json and the client's types from the code.
import { writeFileSync } from 'node:fs';
import { openApiFiles } from './openapi-files.js';

openApiFiles()
  .then((files) => {
    for (const [path, text] of Object.entries(files)) {
      writeFileSync(path, text);
      console.log(`wrote ${path}`);
    }
  })
  .catch((error: unknown) => {
    // openapi-typescript refuses a document that is not valid OpenAPI: say so, and fail the command.
    console.error('npm run openapi failed:', error);
    process.exitCode = 1;
  });
