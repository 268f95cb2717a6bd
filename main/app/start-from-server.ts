import type { BridgeResponse } from '../../shared/bridge.js';
import { capitalised } from '../../shared/capitalised.js';
import { serverStartSchema, type ServerStart } from '../../shared/resources/server-start.js';
import { fieldErrorsFromZod } from '../../shared/validation/errors.js';
import { AdminError } from '../service/accounts.js';
import { StorageError } from '../store/storage-errors.js';
import { checkEnvironmentInput, EnvironmentError } from '../sync/environments.js';
import type { Network } from '../sync/network.js';
import { remoteAccountName, remoteDivisionNames, remoteKnowsUser, remoteRole, testConnection } from '../sync/remote-lookup.js';
import { RemoteUnreachableError, TokenRejectedError } from '../sync/remote.js';
import { initWorkspace, type WorkspaceOptions } from '../workspace/workspace.js';

/** What was set up: the start as typed (the address normalised), and whether the person is an admin there (and so here). */
type SetUp = { ok: true; start: ServerStart; admin: boolean } | { ok: false; response: BridgeResponse };

const refused = (status: number, body: unknown): SetUp => ({ ok: false, response: { status, body } });
const NOTHING_SET_UP = 'Nothing was set up';

/**
 * First run from the agency's server: checks what the person typed, then the server with the token
 * (and that it knows the person by the e-mail typed), and only then sets the workspace up, its
 * first division named after the server's first division (so that the pull links it by name
 * instead of making a second one that a push would send back), and the person's role the server's
 * (a regular user there is one here: what the server would refuse is not offered).
 * A bad field, a rejected token or a server that cannot be reached creates nothing.
 */
export async function setUpFromServer(dir: string, options: WorkspaceOptions & { network?: Network }, input: unknown): Promise<SetUp> {
  const parsed = serverStartSchema.safeParse(input);
  if (!parsed.success) return refused(400, fieldErrorsFromZod(parsed.error));
  const start = parsed.data;
  let url: string;
  try {
    url = checkEnvironmentInput(start.env, start.url, start.token).url;
  } catch (error) {
    if (error instanceof EnvironmentError) return refused(400, { url: [capitalised(error.message)] });
    throw error;
  }
  const env = { name: start.env, baseUrl: url, token: start.token, network: options.network };
  const test = await testConnection(env);
  if (!test.reachable || test.tokenAccepted === null)
    return refused(503, { detail: `${NOTHING_SET_UP}: ${test.detail}. Check the address, or start empty and add the server later in Sync.` });
  if (test.tokenAccepted === false) return refused(400, { token: [`The server at ${url} rejected this token; nothing was set up.`] });
  let divisions: string[] | undefined;
  let knowsYou: boolean | undefined;
  let role: 'admin' | 'user' | undefined;
  let account = start.account;
  try {
    divisions = await remoteDivisionNames(env);
    knowsYou = await remoteKnowsUser(env, start.email);
    role = await remoteRole(env);
    account ??= await remoteAccountName(env);
  } catch (error) {
    if (error instanceof TokenRejectedError) return refused(400, { token: [`The server at ${url} rejected this token; nothing was set up.`] });
    if (error instanceof RemoteUnreachableError) return refused(503, { detail: `${NOTHING_SET_UP}: ${start.env} is unreachable (${error.reason}).` });
    throw error;
  }
  // The person here is the server's user by that e-mail: the history of what they pull and enter names them as the server does.
  if (knowsYou === false) {
    return refused(400, {
      email: [
        `The server at ${url} has no user ${start.email} that this token can see: type the e-mail the server knows you by, the one your token was issued for.`,
      ],
    });
  }
  if (account === undefined) {
    return refused(400, { account: [`The server at ${url} does not say your agency or account name: type it.`] });
  }
  const first = divisions?.[0];
  if (first === undefined) {
    return refused(400, {
      token: [`${NOTHING_SET_UP}: the server shows this token no division to start from. Ask your administrator for a token with a division.`],
    });
  }
  // A server that cannot say (only the 2.2.1 operations) leaves the person an admin, as before: a
  // change it refuses can be discarded from the sync center, while an admin made a user here could
  // never be made one again.
  const admin = role !== 'user';
  try {
    await initWorkspace(dir, { account, email: start.email, division: first, first_name: start.first_name, last_name: start.last_name }, options, {
      admin,
    });
  } catch (error) {
    if (error instanceof AdminError) return refused(400, { non_field_errors: [error.message] });
    if (error instanceof StorageError) return refused(503, { detail: error.message });
    throw error;
  }
  return { ok: true, start: { ...start, url }, admin };
}
