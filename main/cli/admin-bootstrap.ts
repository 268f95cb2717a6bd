import { parseArgs } from 'node:util';
import { bootstrap, checkedNewAccount } from '../service/accounts.js';
import { createContext } from '../service/context.js';
import { noPositionals, parseOrUsage, required, writeLine } from './args.js';
import { databaseOption, openServerDatabase } from './server-database.js';

const COMMAND = 'admin bootstrap';

export const adminBootstrapHelp = `Usage: plandesk admin bootstrap --db FILE | postgres://USER@HOST[:PORT]/DATABASE
                                --account NAME --email EMAIL --division NAME

Creates, in the database FILE (created if missing, readable by you only) or the PostgreSQL database
at the URL (its schema made if new), an account with its two standard filters, one division, and an admin user holding every division of the account, and issues that user a
token. Always prints JSON:

  {"account": ID, "user": ID, "division": ID, "token": KEY}

Refuses (exit 1) if a user with that e-mail already exists. Keep the token secret: it is shown
only this once (plandesk admin token issues another).
`;

export async function runAdminBootstrap(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: {
        db: { type: 'string' },
        account: { type: 'string' },
        email: { type: 'string' },
        division: { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const file = databaseOption(COMMAND, values.db);
  const request = {
    account: required(COMMAND, values.account, '--account NAME'),
    email: required(COMMAND, values.email, '--email EMAIL'),
    division: required(COMMAND, values.division, '--division NAME'),
  };
  checkedNewAccount(request);
  const db = await openServerDatabase(file);
  try {
    const created = await bootstrap(createContext(db), request);
    await writeLine(JSON.stringify({ account: created.account, user: created.user, division: created.division, token: created.token }));
  } finally {
    await db.close();
  }
  return 0;
}
