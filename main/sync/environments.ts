import { ENVIRONMENT_NAME_PATTERN } from '../../shared/resources/server-start.js';
import { writeTransaction, type Db } from '../store/database.js';
import {
  deleteEnvironment,
  getEnvironmentRow,
  listEnvironmentRows,
  setFilterMapping,
  updateEnvironment,
  upsertEnvironment,
} from '../store/environments-store.js';
import { TOKEN_NOT_IN_BACKUP } from '../workspace/backup.js';
import { TokenUnavailableError, type TokenCipher } from './token-cipher.js';

export interface Environment {
  name: string;
  baseUrl: string;
  token: string;
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

/** 127.0.0.0/8, ::1 or localhost, as the URL parser normalises them (127.1 becomes 127.0.0.1). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Checks what a person gave for an environment, before anything (a key, a row) is made for it. */
export function checkEnvironmentInput(name: string, baseUrl: string, token: string): { url: string; token: string } {
  if (!ENVIRONMENT_NAME_PATTERN.test(name)) throw new EnvironmentError(`environment names are letters, digits, '.', '_' or '-' (got "${name}")`);
  const trimmed = token.trim();
  if (trimmed === '' || /\s/.test(trimmed)) throw new EnvironmentError('the token read from standard input is empty or contains spaces');
  return { url: normaliseBaseUrl(baseUrl), token: trimmed };
}

export function saveEnvironment(db: Db, cipher: TokenCipher, name: string, baseUrl: string, token: string, at: string): void {
  const { url, token: trimmed } = checkEnvironmentInput(name, baseUrl, token);
  writeTransaction(db, () => upsertEnvironment(db, { name, base_url: url, token_scheme: cipher.scheme, token_ciphertext: cipher.encrypt(trimmed) }, at));
}

export function loadEnvironment(db: Db, cipher: TokenCipher, name: string): Environment {
  const row = getEnvironmentRow(db, name);
  if (!row) throw new EnvironmentError(`no environment named "${name}"; add it with \`plandesk env set ${name} --url URL --token-stdin\``);
  if (row.token_scheme !== cipher.scheme) {
    const why =
      row.token_scheme === TOKEN_NOT_IN_BACKUP
        ? 'is not in the backup this workspace was restored from (backups hold no tokens)'
        : `was saved with ${row.token_scheme}, which this program cannot read`;
    throw new TokenUnavailableError(`the token of "${name}" ${why}`, `set it again with \`plandesk env set ${name} --url URL --token-stdin\``);
  }
  return { name: row.name, baseUrl: row.base_url, token: cipher.decrypt(row.token_ciphertext) };
}

export function listEnvironments(db: Db): EnvironmentSummary[] {
  return listEnvironmentRows(db).map((row) => ({ name: row.name, baseUrl: row.base_url, tokenScheme: row.token_scheme, production: row.production === 1 }));
}

/** Changes an environment's address and production flag; its token stays as it was typed. */
export function editEnvironment(db: Db, name: string, baseUrl: string, production: boolean, at: string): void {
  const url = normaliseBaseUrl(baseUrl);
  writeTransaction(db, () => {
    if (!updateEnvironment(db, name, url, production, at)) throw new EnvironmentError(`no environment named "${name}"; give its token to add it`);
  });
}

/** Forgets an environment: its token, its id mappings, its queue states and decisions (by cascade). Local records stay. */
export const removeEnvironment = deleteEnvironment;

/** Filters the remote cannot list by name are mapped by hand, per environment. */
export { setFilterMapping };
