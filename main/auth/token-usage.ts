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
      try {
        this.flush();
      } catch {
        // The database was busy or failed: the uses stay pending for the next flush.
      }
    }, FLUSH_EVERY_MS).unref();
  }

  record(tokenId: string, at: string): void {
    this.pending.set(tokenId, at);
  }

  flush(): void {
    if (this.pending.size === 0) return;
    writeTransaction(this.db, () => {
      for (const [tokenId, at] of this.pending) recordTokenUse(this.db, tokenId, at);
    });
    this.pending.clear();
  }

  stop(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
