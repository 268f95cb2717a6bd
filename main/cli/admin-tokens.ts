import { parseArgs } from 'node:util';
import { tokensOf } from '../service/token-admin.js';
import { noPositionals, parseOrUsage, writeLine } from './args.js';
import { databaseOption, openExistingDatabase } from './server-database.js';

const COMMAND = 'admin tokens';

export const adminTokensHelp = `Usage: plandesk admin tokens --db FILE | URL [--email EMAIL]

Lists the tokens of the database (of one user with --email), oldest first, never their secrets.
--db is serve's: a SQLite file or a postgres://USER@HOST[:PORT]/DATABASE URL. Always prints JSON:

  [{"id", "email", "created_at", "last_used_at", "expires_at"}, ...]

last_used_at is recorded to the minute by a running serve (null: never used); expires_at is null
for a token that does not expire. Revoke one with plandesk admin token --db FILE --revoke ID.
`;

export async function runAdminTokens(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { db: { type: 'string' }, email: { type: 'string' }, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(COMMAND, positionals);
  const db = await openExistingDatabase(databaseOption(COMMAND, values.db));
  try {
    await writeLine(JSON.stringify(await tokensOf(db, values.email)));
  } finally {
    await db.close();
  }
  return 0;
}
