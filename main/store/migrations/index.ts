import { initial } from './001-initial.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration the code knows, in the order they apply. */
export const migrations: readonly Migration[] = [initial];
