import type { ImportKind } from '../../../shared/import-table.js';

type Body = Record<string, unknown>;

/**
 * The records a dry run created in its earlier transactions, which it rolled back. A row's checks
 * read other records (the service refuses a plan whose title its employer already has for that
 * kind, and an employer whose URL another employer has): so that a row is checked as the import
 * would check it, the earlier records it is compared with are created again in the row's own
 * transaction, which rolls them back with it.
 */
export class DryRunRecords {
  private readonly byKey = new Map<string, Body>();
  private inTransaction = new Set<Body>();

  constructor(private readonly kind: ImportKind) {}

  /** A new transaction holds none of the earlier ones' records. */
  newTransaction(): void {
    this.inTransaction = new Set();
  }

  /** Before `body` is created: the earlier records its checks compare it with, created again in this transaction by `create`. */
  async restoreFor(body: Body, create: (body: Body) => Promise<void>): Promise<void> {
    for (const key of this.keysOf(body)) {
      const earlier = this.byKey.get(key);
      if (earlier === undefined || this.inTransaction.has(earlier)) continue;
      this.inTransaction.add(earlier);
      await create(earlier);
    }
  }

  /** `body` was created in this transaction. */
  created(body: Body): void {
    this.inTransaction.add(body);
    for (const key of this.keysOf(body)) if (!this.byKey.has(key)) this.byKey.set(key, body);
  }

  /** What the store's unique indexes compare (employers_account_url, plans_employer_benefit_title), case folded. */
  private keysOf(body: Body): string[] {
    if (this.kind === 'employers') return [String(body.url ?? '').toLowerCase()];
    return [JSON.stringify([body.employer, String(body.title).trim().toLowerCase()])];
  }
}
