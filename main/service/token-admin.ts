import { AdminError } from './accounts.js';
import type { Db } from '../store/database.js';
import { deleteToken, listTokens, type TokenListing } from '../store/tokens-store.js';
import { findUserByEmail } from '../store/users-store.js';

/** Every token, or those of the user with that e-mail; never a secret. */
export function tokensOf(db: Db, email?: string): TokenListing[] {
  if (email === undefined) return listTokens(db);
  const user = findUserByEmail(db, email);
  if (!user) throw new AdminError(`no user with the e-mail ${email}`);
  return listTokens(db, user.id);
}

/** Deletes the token: from the next request on, it is an unknown token (401). */
export function revokeToken(db: Db, tokenId: string): void {
  if (!deleteToken(db, tokenId.toLowerCase())) throw new AdminError(`no token with the id ${tokenId} (plandesk admin tokens lists them)`);
}
