import { newWorkspaceSchema, type NewWorkspace } from '../../shared/resources/workspace.js';
import { fieldErrorsFromZod } from '../../shared/validation/errors.js';
import { issueToken, type IssueOptions } from '../auth/tokens.js';
import { insertAccount } from '../store/accounts-store.js';
import { insertFilter, STANDARD_FILTERS } from '../store/filters-store.js';
import { addMember, findUserByEmail } from '../store/users-store.js';
import { timestamp, writing, type ServiceContext } from './context.js';
import { addDivisionRow } from './divisions.js';
import { addUserRow } from './users.js';

/** A refusal of an administrative command, shown to the operator as one line. */
export class AdminError extends Error {}

export interface NewAccount {
  account: string;
  user: string;
  division: string;
}

/** The new account's names, checked: an AdminError saying what is wrong with each, before anything is written (or a database file made). */
export function checkedNewAccount(request: NewWorkspace): NewWorkspace {
  const parsed = newWorkspaceSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsFromZod(parsed.error);
  throw new AdminError(
    Object.entries(errors)
      .map(([field, list]) => `${field}: ${list.join(' ')}`)
      .join('; '),
  );
}

/**
 * Creates an account with the two standard filters, one division, and an admin user who holds
 * every division of the account (and is listed as a member of the first). With `admin: false` the
 * user is a regular user holding that division: a workspace started from a server where the
 * person is one.
 */
export async function createAccountWithAdmin(context: ServiceContext, request: NewWorkspace, { admin = true }: { admin?: boolean } = {}): Promise<NewAccount> {
  const { account, email, division, first_name = email.split('@')[0] ?? email, last_name = 'Admin' } = checkedNewAccount(request);
  return writing(context, async (context) => {
    if (await findUserByEmail(context.db, email)) throw new AdminError(`a user with the e-mail ${email} already exists`);
    const at = timestamp(context);
    const accountId = context.newId();
    await insertAccount(context.db, accountId, account, at);
    for (const name of STANDARD_FILTERS) await insertFilter(context.db, context.newId(), accountId, name);
    const divisionRow = await addDivisionRow(context, accountId, division);
    const user = await addUserRow(context, accountId, { email, first_name, last_name }, admin);
    await addMember(context.db, divisionRow.id, user.id, at);
    return { account: accountId, user: user.id, division: divisionRow.id };
  });
}

export function bootstrap(context: ServiceContext, request: { account: string; email: string; division: string }): Promise<NewAccount & { token: string }> {
  return writing(context, async (context) => {
    const created = await createAccountWithAdmin(context, request);
    return { ...created, token: await issueToken(context.db, created.user, timestamp(context)) };
  });
}

export function issueTokenFor(context: ServiceContext, email: string, options: IssueOptions = {}): Promise<string> {
  return writing(context, async (context) => {
    const user = await findUserByEmail(context.db, email);
    if (!user) throw new AdminError(`no user with the e-mail ${email}`);
    return issueToken(context.db, user.id, timestamp(context), options);
  });
}
