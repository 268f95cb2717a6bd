import { sql, type Db } from '../store/database.js';
import type { Actor } from '../api/types.js';
import { ApiError, forbidden } from './api-error.js';
import { messages } from '../../shared/validation/messages.js';

interface UserRow {
  id: string;
  account_id: string;
  email: string;
  is_admin: number;
}

/** The acting user, resolved once per request: their account, role and the divisions they hold. */
export class Caller {
  private held: Set<string> | undefined;

  private constructor(private readonly db: Db, readonly userId: string, readonly accountId: string, readonly isAdmin: boolean) {}

  static resolve(db: Db, actor: Actor | null): Caller {
    if (!actor) throw new ApiError(401, { detail: messages.noCredentials }, { 'WWW-Authenticate': 'Token' });
    const row = sql(db, 'SELECT id, account_id, email, is_admin FROM users WHERE id = ?').get(actor.userId) as UserRow | undefined;
    if (!row) throw new ApiError(401, { detail: messages.invalidToken }, { 'WWW-Authenticate': 'Token' });
    return new Caller(db, row.id, row.account_id, row.is_admin === 1);
  }

  /** Admins hold every division of their account, including ones created later. */
  heldDivisionIds(): Set<string> {
    this.held ??= new Set(
      (this.isAdmin
        ? sql(this.db, 'SELECT id FROM divisions WHERE account_id = ?').pluck().all(this.accountId)
        : sql(this.db, 'SELECT division_id FROM division_members WHERE user_id = ?').pluck().all(this.userId)) as string[],
    );
    return this.held;
  }

  holds(divisionId: string): boolean {
    return this.heldDivisionIds().has(divisionId);
  }

  requireAdmin(): void {
    if (!this.isAdmin) throw forbidden();
  }
}
