import { AdminError } from './accounts.js';
import type { Db } from '../store/database.js';
import { deleteToken, listTokens, type TokenListing } from '../store/tokens-store.js';
import { findUserByEmail } from '../store/users-store.js';

/** Every token, or those of the user with that e-mail; never a secret. */
export async function tokensOf(db: Db, email?: string): Promise<TokenListing[]> {
  if (email === undefined) return listTokens(db);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AdminError(`no user with the e-mail ${email}`);
  return listTokens(db, user.id);
}

/** Deletes the token: from the next request on, it is an unknown token (401). */
export async function revokeToken(db: Db, tokenId: string): Promise<void> {
  if (!(await deleteToken(db, tokenId.toLowerCase()))) throw new AdminError(`no token with the id ${tokenId} (plandesk admin tokens lists them)`);
}
