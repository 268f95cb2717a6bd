import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AdminError, issueTokenFor } from '../service/accounts.js';
import { createContext } from '../service/context.js';
import { openDatabase } from '../store/database.js';
import { noPositionals, parseOrUsage, required, writeLine } from './args.js';

const COMMAND = 'admin token';

export const adminTokenHelp = `Usage: plandesk admin token --db FILE --email EMAIL

Issues a new token for the existing user with that e-mail (earlier tokens stay valid). Always
prints JSON:

  {"token": KEY}

Exit 1 if the database or the user does not exist.
`;

export async function runAdminToken(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: { db: { type: 'string' }, email: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const file = required(COMMAND, values.db, '--db FILE');
  const email = required(COMMAND, values.email, '--email EMAIL');
  // Not openDatabase's create-if-missing: a typo in --db must not leave an empty database behind.
  if (!existsSync(file)) throw new AdminError(`no database at ${file}`);
  const db = openDatabase(file);
  try {
    const token = issueTokenFor(createContext(db), email);
    await writeLine(JSON.stringify({ token }));
  } finally {
    db.close();
  }
  return 0;
}
