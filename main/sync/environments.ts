import { ENVIRONMENT_NAME_PATTERN, isLoopbackHost } from '../../shared/resources/server-start.js';
import type { SqliteDb } from '../store/database.js';
import { sqliteWriteTransaction } from '../store/sqlite-store.js';
import {
  deleteEnvironment,
  getEnvironmentRow,
  listEnvironmentRows,
  resealToken,
  setFilterMapping,
  updateEnvironment,
  upsertEnvironment,
} from '../store/environments-store.js';
import { TOKEN_NOT_IN_BACKUP } from '../workspace/backup-copy.js';
import type { Network } from './network.js';
import { TokenUnavailableError, TokenUnreadableError, type SealedToken, type TokenCipher, type TokenProblem } from './token-cipher.js';

export interface Environment {
  name: string;
  baseUrl: string;
  token: string;
  /** How this process reaches it (the proxy for its URL); directly when not given. */
  network?: Network;
}

export interface EnvironmentSummary {
  name: string;
  baseUrl: string;
  tokenScheme: string;
  /** Pushes there are confirmed by a person after seeing what would be sent. */
  production: boolean;
}

export class EnvironmentError extends Error {}

/**
 * The base URL without a trailing slash: https://, or http:// on a loopback host only (a local
 * instance or a test), because the token travels in every request and must never cross a network
 * in clear text.
 */
function normaliseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EnvironmentError(`"${text}" is not a URL; give the base address, e.g. https://api.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new EnvironmentError(`the base URL must start with https:// or http:// (got ${url.protocol})`);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new EnvironmentError(
      `refusing plain http:// for ${url.hostname}: the token would travel in clear text; use https:// (http:// is allowed only on a loopback host: 127.0.0.0/8, ::1, localhost)`,
    );
  }
  if (url.search || url.hash) throw new EnvironmentError('the base URL must not carry a query or fragment');
  return url.toString().replace(/\/+$/, '');
}

/** Checks what a person gave for an environment, before anything (a key, a row) is made for it. */
export function checkEnvironmentInput(name: string, baseUrl: string, token: string): { url: string; token: string } {
  if (!ENVIRONMENT_NAME_PATTERN.test(name)) throw new EnvironmentError(`environment names are letters, digits, '.', '_' or '-' (got "${name}")`);
  const trimmed = token.trim();
  if (trimmed === '' || /\s/.test(trimmed)) throw new EnvironmentError('the token read from standard input is empty or contains spaces');
  return { url: normaliseBaseUrl(baseUrl), token: trimmed };
}

export function saveEnvironment(db: SqliteDb, cipher: TokenCipher, name: string, baseUrl: string, token: string, at: string): void {
  const { url, token: trimmed } = checkEnvironmentInput(name, baseUrl, token);
  const sealed = cipher.seal(db, trimmed);
  sqliteWriteTransaction(db, () => upsertEnvironment(db, { name, base_url: url, token_scheme: sealed.scheme, token_ciphertext: sealed.ciphertext }, at));
}

export function loadEnvironment(db: SqliteDb, cipher: TokenCipher, name: string): Environment {
  const row = getEnvironmentRow(db, name);
  if (!row) throw unknownEnvironment(db, name);
  const setAgain = `\`plandesk env set ${name} --url ${row.base_url} --token-stdin\``;
  const givesItBack = `${setAgain} gives ${name} its token back (in the app: Sync, Enter the token of ${name})`;
  if (row.token_scheme === TOKEN_NOT_IN_BACKUP) {
    throw new TokenUnavailableError(`the token of "${name}" is not in the backup this workspace was restored from (backups hold no tokens)`, givesItBack);
  }
  const sealed = { scheme: row.token_scheme, ciphertext: row.token_ciphertext };
  let token: string;
  try {
    token = cipher.open(db, sealed);
  } catch (error) {
    if (!(error instanceof TokenUnreadableError)) throw error;
    const remedies: Record<TokenProblem, string> = {
      'app-only': `open this workspace in the desktop app once (it saves the token again in the form both read), or give it again with ${setAgain}`,
      'store-unreachable': `run this where that store can be reached (your desktop session), or give the token again here with ${setAgain}`,
      unreadable: givesItBack,
    };
    throw new TokenUnavailableError(`the token of "${name}" ${error.why}`, remedies[error.problem]);
  }
  if (cipher.resealsOnRead(sealed.scheme)) resealQuietly(db, cipher, name, sealed, token);
  return { name: row.name, baseUrl: row.base_url, token };
}

/**
 * Seals a token read in a scheme nothing writes any more (the app's former safeStorage) in the one
 * the app and the command line share. The token was read: whatever stops the new seal from being
 * kept now (a read-only workspace, a full disk, a config folder that cannot be written) leaves the
 * old one, which still opens here, to be sealed again at a later read.
 */
function resealQuietly(db: SqliteDb, cipher: TokenCipher, name: string, from: SealedToken, token: string): void {
  try {
    const to = cipher.seal(db, token);
    resealToken(db, name, { token_scheme: from.scheme, token_ciphertext: from.ciphertext }, { token_scheme: to.scheme, token_ciphertext: to.ciphertext });
  } catch {
    // Kept as it was; see above.
  }
}

/** Seals again, in the shared scheme, every token saved in a scheme nothing writes any more; each that cannot be read here is left as it is. */
export function resealFormerTokens(db: SqliteDb, cipher: TokenCipher): void {
  for (const env of listEnvironmentRows(db)) {
    if (!cipher.resealsOnRead(env.token_scheme)) continue;
    try {
      loadEnvironment(db, cipher, env.name);
    } catch (error) {
      if (!(error instanceof TokenUnavailableError)) throw error;
    }
  }
}

/** `no environment named "NAME"`, and the names there are: a mistyped name is then seen at once. */
export function noEnvironmentNamed(db: SqliteDb, name: string): string {
  const names = listEnvironmentRows(db).map((row) => `"${row.name}"`);
  const there = names.length === 0 ? 'this workspace has none yet' : `this workspace has ${names.join(', ')}`;
  return `no environment named "${name}" (${there})`;
}

/** A command given an environment the workspace does not have: which there are, and how to add it. */
export function unknownEnvironment(db: SqliteDb, name: string): EnvironmentError {
  return new EnvironmentError(`${noEnvironmentNamed(db, name)}; add it with \`plandesk env set ${name} --url URL --token-stdin\``);
}

export function listEnvironments(db: SqliteDb): EnvironmentSummary[] {
  return listEnvironmentRows(db).map((row) => ({ name: row.name, baseUrl: row.base_url, tokenScheme: row.token_scheme, production: row.production === 1 }));
}

/** Changes an environment's address and production flag; its token stays as it was typed. */
export function editEnvironment(db: SqliteDb, name: string, baseUrl: string, production: boolean, at: string): void {
  const url = normaliseBaseUrl(baseUrl);
  sqliteWriteTransaction(db, () => {
    if (!updateEnvironment(db, name, url, production, at)) throw new EnvironmentError(`no environment named "${name}"; give its token to add it`);
  });
}

/** Forgets an environment: its token, its id mappings, its queue states and decisions (by cascade). Local records stay. */
export const removeEnvironment = deleteEnvironment;

/** Filters the remote cannot list by name are mapped by hand, per environment. */
export { setFilterMapping };
