import { parseUser, parseUserRole, type User, type UserAdminSummary, type UserInput, type UserSummary } from '../../shared/resources/user.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { userFields } from '../history/record-fields.js';
import { journal } from '../journal/journal.js';
import { getDivisionRow } from '../store/divisions-store.js';
import {
  deleteUser,
  findUserByEmail,
  getUserRow,
  insertUser,
  listUserRows,
  listUsers,
  setUserAdmin,
  setUserDivisions,
  updateUser,
  userDivisionIds,
  usernameTaken,
  type UserRow,
} from '../store/users-store.js';
import { conflict, invalid, notFound } from './api-error.js';
import type { Caller } from './caller.js';
import { timestamp, writing, type ServiceContext } from './context.js';

const userPath = (id: string) => `/users/${id}/`;

export const userRuleMessages = {
  ownUser: 'You cannot delete your own user.',
  ownAdminRole: 'You cannot withdraw your own admin role; another admin can.',
};

export async function createUser(context: ServiceContext, caller: Caller, body: Record<string, unknown>): Promise<User> {
  caller.requireAdmin();
  return writing(context, async (context) => {
    const input = await validUserInput(context, caller, body, undefined);
    const row = await addUserRow(context, caller.accountId, input, false);
    await setUserDivisions(context.db, row.id, input.division_ids, row.created_at);
    const user = await userResponse(context, row);
    journal(context, caller.userId, { entity: 'user', op: 'create', id: row.id, path: userPath(row.id), fields: userFields(user, false) });
    return user;
  });
}

/** Inserts a user with a generated username; used by the API and by bootstrap. */
export async function addUserRow(context: ServiceContext, accountId: string, input: Omit<UserInput, 'division_ids'>, isAdmin: boolean): Promise<UserRow> {
  const at = timestamp(context);
  const row: UserRow = {
    id: context.newId(),
    account_id: accountId,
    email: input.email,
    username: await uniqueUsername(context, input.email),
    first_name: input.first_name,
    last_name: input.last_name,
    is_admin: isAdmin ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
  await insertUser(context.db, row);
  return row;
}

/** Admins read anyone in their account; everyone reads themselves. */
export async function readUser(context: ServiceContext, caller: Caller, id: string): Promise<User> {
  return userResponse(context, readableUserRow(context, caller, await getUserRow(context.db, id)));
}

export async function readUserByEmail(context: ServiceContext, caller: Caller, email: string): Promise<User> {
  return userResponse(context, readableUserRow(context, caller, await findUserByEmail(context.db, email)));
}

export async function replaceUser(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Promise<User> {
  caller.requireAdmin();
  return writing(context, async (context) => {
    const existing = accountUserRow(context, caller, await getUserRow(context.db, id));
    const input = await validUserInput(context, caller, body, id);
    const row: UserRow = { ...existing, email: input.email, first_name: input.first_name, last_name: input.last_name, updated_at: timestamp(context) };
    await updateUser(context.db, row);
    await setUserDivisions(context.db, id, input.division_ids, row.updated_at);
    const user = await userResponse(context, row);
    journal(context, caller.userId, { entity: 'user', op: 'update', id, path: userPath(id), fields: userFields(user, row.is_admin === 1) });
    return user;
  });
}

export async function removeUser(context: ServiceContext, caller: Caller, id: string): Promise<void> {
  caller.requireAdmin();
  await writing(context, async (context) => {
    accountUserRow(context, caller, await getUserRow(context.db, id));
    if (id === caller.userId) throw conflict(userRuleMessages.ownUser);
    await deleteUser(context.db, id);
    journal(context, caller.userId, { entity: 'user', op: 'delete', id, path: userPath(id), fields: null });
  });
}

export async function listAccountUsers(context: ServiceContext, caller: Caller): Promise<UserSummary[]> {
  caller.requireAdmin();
  return listUsers(context.db, caller.accountId);
}

/** The admin screens' list: every user of the account with divisions and role, in one call. */
export async function userAdminSummaries(context: ServiceContext, caller: Caller): Promise<UserAdminSummary[]> {
  caller.requireAdmin();
  const summaries: UserAdminSummary[] = [];
  for (const row of await listUserRows(context.db, caller.accountId)) summaries.push({ ...(await userResponse(context, row)), is_admin: row.is_admin === 1 });
  return summaries;
}

/**
 * Grants or withdraws the admin role. The API has no such field (users it creates are regular), so
 * the change is kept in the user's history but not queued for sync: pushing it would only resend
 * unchanged fields, and fail on a remote without PUT /users/. An admin cannot withdraw their own
 * role, so an account always keeps one admin.
 */
export async function setUserRole(context: ServiceContext, caller: Caller, id: string, body: Record<string, unknown>): Promise<UserAdminSummary> {
  caller.requireAdmin();
  return writing(context, async (context) => {
    const existing = accountUserRow(context, caller, await getUserRow(context.db, id));
    const parsed = parseUserRole(body);
    if (!parsed.ok) throw invalid(parsed.errors);
    if (id === caller.userId && !parsed.value.is_admin) throw conflict(userRuleMessages.ownAdminRole);
    const at = timestamp(context);
    await setUserAdmin(context.db, id, parsed.value.is_admin, at);
    const user = await userResponse(context, { ...existing, updated_at: at });
    journal(context, caller.userId, { entity: 'user', op: 'update', id, path: userPath(id), localOnly: true, fields: userFields(user, parsed.value.is_admin) });
    return { ...user, is_admin: parsed.value.is_admin };
  });
}

function readableUserRow(context: ServiceContext, caller: Caller, row: UserRow | undefined): UserRow {
  if (row?.id === caller.userId) return row;
  caller.requireAdmin();
  return accountUserRow(context, caller, row);
}

function accountUserRow(_context: ServiceContext, caller: Caller, row: UserRow | undefined): UserRow {
  if (!row || row.account_id !== caller.accountId) throw notFound();
  return row;
}

async function validUserInput(context: ServiceContext, caller: Caller, body: Record<string, unknown>, selfId: string | undefined): Promise<UserInput> {
  const parsed = parseUser(body);
  if (!parsed.ok) throw invalid(parsed.errors);
  const input = parsed.value;
  const errors: FieldErrors = {};
  const sameEmail = await findUserByEmail(context.db, input.email);
  if (sameEmail && sameEmail.id !== selfId) addError(errors, 'email', messages.alreadyExists('user', 'email'));
  for (const divisionId of input.division_ids) {
    if ((await getDivisionRow(context.db, divisionId))?.account_id !== caller.accountId) addError(errors, 'division_ids', messages.doesNotExist(divisionId));
  }
  if (hasErrors(errors)) throw invalid(errors);
  return input;
}

/** The e-mail's local part, made unique across the platform with a numeric suffix. */
async function uniqueUsername(context: ServiceContext, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9._+-]/g, '')
      .slice(0, 140) || 'user';
  let candidate = base;
  for (let suffix = 2; await usernameTaken(context.db, candidate); suffix += 1) candidate = `${base}${suffix}`;
  return candidate;
}

async function userResponse(context: ServiceContext, row: UserRow): Promise<User> {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    division_ids: await userDivisionIds(context.db, row.id),
  };
}
