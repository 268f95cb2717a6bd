import { parseArgs } from 'node:util';
import { issueTokenFor } from '../service/accounts.js';
import { createContext } from '../service/context.js';
import { revokeToken } from '../service/token-admin.js';
import { noPositionals, parseOrUsage, required, UsageError, writeLine } from './args.js';
import { databaseOption, openExistingDatabase } from './server-database.js';

const COMMAND = 'admin token';

export const adminTokenHelp = `Usage: plandesk admin token --db FILE | URL --email EMAIL [--expires-in DAYS]
       plandesk admin token --db FILE | URL --revoke TOKEN_ID

--db is serve's: a SQLite file or a postgres://USER@HOST[:PORT]/DATABASE URL.

Issues a new token for the existing user with that e-mail (earlier tokens stay valid), valid for
DAYS days with --expires-in, else until revoked. Always prints JSON:

  {"token": KEY}

With --revoke, deletes the token with that id (plandesk admin tokens lists the ids): a running
serve answers it 401 from the next request on. Prints {"revoked": TOKEN_ID}.

Exit 1 if the database, the user or the token does not exist.
`;

export async function runAdminToken(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: { db: { type: 'string' }, email: { type: 'string' }, 'expires-in': { type: 'string' }, revoke: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const file = databaseOption(COMMAND, values.db);
  if (values.revoke !== undefined) {
    if (values.email !== undefined || values['expires-in'] !== undefined) throw new UsageError(COMMAND, '--revoke takes no --email or --expires-in');
    const tokenId = required(COMMAND, values.revoke, '--revoke TOKEN_ID');
    const db = await openExistingDatabase(file);
    try {
      await revokeToken(db, tokenId);
    } finally {
      await db.close();
    }
    await writeLine(JSON.stringify({ revoked: tokenId }));
    return 0;
  }
  const email = required(COMMAND, values.email, '--email EMAIL');
  const expiresInDays = values['expires-in'] === undefined ? undefined : parseDays(values['expires-in']);
  const db = await openExistingDatabase(file);
  try {
    const token = await issueTokenFor(createContext(db), email, expiresInDays === undefined ? {} : { expiresInDays });
    await writeLine(JSON.stringify({ token }));
  } finally {
    await db.close();
  }
  return 0;
}

function parseDays(text: string): number {
  const days = Number(text);
  if (!/^\d+$/.test(text) || days < 1 || days > 36_500)
    throw new UsageError(COMMAND, `--expires-in takes a whole number of days from 1 to 36500 (got "${text}")`);
  return days;
}
