import { parseArgs } from 'node:util';
import { tokensOf } from '../service/token-admin.js';
import { noPositionals, parseOrUsage, required, writeLine } from './args.js';
import { openExistingDatabase } from './server-database.js';

const COMMAND = 'admin tokens';

export const adminTokensHelp = `Usage: plandesk admin tokens --db FILE [--email EMAIL]

Lists the tokens of the database FILE (of one user with --email), oldest first, never their
secrets. Always prints JSON:

  [{"id", "email", "created_at", "last_used_at", "expires_at"}, ...]

last_used_at is recorded to the minute by a running serve (null: never used); expires_at is null
for a token that does not expire. Revoke one with plandesk admin token --db FILE --revoke ID.
`;

export async function runAdminTokens(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { db: { type: 'string' }, email: { type: 'string' }, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(COMMAND, positionals);
  const db = openExistingDatabase(required(COMMAND, values.db, '--db FILE'));
  try {
    await writeLine(JSON.stringify(tokensOf(db, values.email)));
  } finally {
    db.close();
  }
  return 0;
}
