import { writeTransaction, type Db } from '../store/database.js';
import { recordTokenUse } from '../store/tokens-store.js';

const FLUSH_EVERY_MS = 60_000;

/**
 * Each token's last use, kept in memory and written at most once a minute (and when the server
 * closes), all in one transaction: recording a use must not cost a write, nor make a read wait for one.
 */
export class TokenUsage {
  private readonly pending = new Map<string, string>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly db: Db) {
    this.timer = setInterval(() => {
      // The database was busy or failed: the uses stay pending for the next flush.
      this.flush().catch(() => undefined);
    }, FLUSH_EVERY_MS).unref();
  }

  record(tokenId: string, at: string): void {
    this.pending.set(tokenId, at);
  }

  /** Writes the pending uses; uses recorded while it writes wait for the next flush, and a failed write leaves its uses pending. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const uses = [...this.pending];
    this.pending.clear();
    try {
      await writeTransaction(this.db, async (db) => {
        for (const [tokenId, at] of uses) await recordTokenUse(db, tokenId, at);
      });
    } catch (error) {
      for (const [tokenId, at] of uses) if (!this.pending.has(tokenId)) this.pending.set(tokenId, at);
      throw error;
    }
  }

  stop(): Promise<void> {
    clearInterval(this.timer);
    return this.flush();
  }
}
