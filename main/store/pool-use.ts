/** How a server's PostgreSQL pool is used at this moment: what `serve --metrics` reports. */
export interface PoolUse {
  /** Connections open to the database. */
  open: number;
  /** Of them, running a statement now. */
  busy: number;
  /** Connections being opened or waited for. */
  waiting: number;
}
