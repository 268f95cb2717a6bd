/** How a server's PostgreSQL pool is used at this moment: what `serve --metrics` reports. */
export interface PoolUse {
  /** Connections open to the database. */
  open: number;
  /** Of them, held by a unit of work or a statement now. */
  busy: number;
  /** Units of work and statements waiting for a free connection. */
  waiting: number;
}
