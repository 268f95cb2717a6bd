import { initial } from './001-initial.js';
import { sync } from './002-sync.js';
import { drafts } from './003-drafts.js';
import { history } from './005-history.js';
import { importMappings } from './007-import-mappings.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration the code knows, in the order they apply. */
export const migrations: readonly Migration[] = [initial, sync, drafts, history, importMappings];
