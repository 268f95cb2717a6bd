import type { Db } from '../store/database.js';
import { accountDivisionIds } from '../store/divisions-store.js';
import { getUserRow, userDivisionIds } from '../store/users-store.js';
import type { Actor } from '../api/types.js';
import { ApiError, forbidden } from './api-error.js';
import { messages } from '../../shared/validation/messages.js';

/** The acting user, resolved once per request: their account, role and the divisions they hold. */
export class Caller {
  private held: Set<string> | undefined;

  private constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly isAdmin: boolean,
  ) {}

  static async resolve(db: Db, actor: Actor | null): Promise<Caller> {
    if (!actor) throw new ApiError(401, { detail: messages.noCredentials }, { 'WWW-Authenticate': 'Token' });
    const row = await getUserRow(db, actor.userId);
    if (!row) throw new ApiError(401, { detail: messages.invalidToken }, { 'WWW-Authenticate': 'Token' });
    return new Caller(row.id, row.account_id, row.is_admin === 1);
  }

  /**
   * The same user with an admin's rights in their account, for what a pull writes: the records the
   * remote already shows their token (a regular user's workspace makes the divisions the server
   * gives them, and holds what is in them).
   */
  withAccountRights(): Caller {
    return this.isAdmin ? this : new Caller(this.userId, this.accountId, true);
  }

  /** Admins hold every division of their account, including ones created later. Read once, on the first call's `db`. */
  async heldDivisionIds(db: Db): Promise<Set<string>> {
    this.held ??= new Set(this.isAdmin ? await accountDivisionIds(db, this.accountId) : await userDivisionIds(db, this.userId));
    return this.held;
  }

  async holds(db: Db, divisionId: string): Promise<boolean> {
    return (await this.heldDivisionIds(db)).has(divisionId);
  }

  requireAdmin(): void {
    if (!this.isAdmin) throw forbidden();
  }
}
