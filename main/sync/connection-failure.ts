import { proxyName } from './network.js';

/** Why a request got no answer, in words, and whether trying again could help. */
export interface ConnectionFailure {
  reason: string;
  /** Nothing listens there, a certificate is refused, or the proxy refuses: the run stops at once instead of retrying. */
  lasting: boolean;
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'no answer in time',
  UND_ERR_SOCKET: 'the connection was closed',
};

/** Codes of a connection that never opened: through a proxy, the proxy is what could not be reached. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

const UNKNOWN_AUTHORITY =
  "is signed by an authority this computer does not trust (add the authority to the system's store, or name its file in NODE_EXTRA_CA_CERTS)";

/** OpenSSL's verification failures (Node's error codes), as what is wrong with the certificate. */
const CERTIFICATE: Record<string, string> = {
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: 'is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: UNKNOWN_AUTHORITY,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNKNOWN_AUTHORITY,
  UNABLE_TO_GET_ISSUER_CERT: UNKNOWN_AUTHORITY,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNKNOWN_AUTHORITY,
  CERT_UNTRUSTED: UNKNOWN_AUTHORITY,
  CERT_REVOKED: 'has been revoked',
  CERT_SIGNATURE_FAILURE: 'carries a signature that does not verify',
  CERT_CHAIN_TOO_LONG: 'comes with a chain longer than allowed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'is for another host',
};

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: ErrorLike;
  cert?: { subjectaltname?: string };
}

/** The innermost code undici's wrappers carry (a tunnel's TLS failure comes wrapped). */
function codeOf(error: ErrorLike | undefined): string | undefined {
  if (error === undefined) return undefined;
  const inner = codeOf(error.cause);
  return inner ?? (typeof error.code === 'string' ? error.code : undefined);
}

function withCode(error: ErrorLike | undefined, code: string): ErrorLike | undefined {
  if (error === undefined) return undefined;
  return error.code === code ? error : withCode(error.cause, code);
}

/**
 * What went wrong reaching `host` (`proxy`: the proxy in between, if any), in words a person can
 * act on: a certificate refused names the host and why; a proxy that cannot be reached or refuses
 * names the proxy, never its password.
 */
export function connectionFailure(thrown: unknown, host: string, proxy: string | undefined): ConnectionFailure {
  const error = thrown as ErrorLike;
  const code = codeOf(error);
  if (code !== undefined && code in CERTIFICATE) {
    const names = withCode(error, code)?.cert?.subjectaltname;
    const detail = code === 'ERR_TLS_CERT_ALTNAME_INVALID' && names ? `${CERTIFICATE[code]} (${names.replace(/DNS:|IP Address:/g, '')})` : CERTIFICATE[code];
    return { reason: `the certificate of ${host} was refused: it ${detail}`, lasting: true };
  }
  if (proxy !== undefined) {
    const name = proxyName(proxy);
    const refusal = /Proxy response \((\d{3})\)|Proxy Authentication Required \((\d{3})\)/.exec(messagesOf(error));
    if (refusal) {
      const status = Number(refusal[1] ?? refusal[2]);
      // 407 is the standard's answer; some proxies (tinyproxy) refuse a CONNECT's credentials with 401.
      if (status === 407 || status === 401) {
        const asked =
          new URL(proxy).username !== ''
            ? 'refused the user name and password given for it'
            : 'asks for a user name and password: give them in its address, http://USER:PASSWORD@HOST:PORT';
        return { reason: `the proxy ${name} ${asked} (${status})`, lasting: true };
      }
      return { reason: `the proxy ${name} would not connect to ${host} (it answered ${status})`, lasting: true };
    }
    if (code !== undefined && NOT_CONNECTED.has(code)) return { reason: `cannot reach the proxy ${name} (${NETWORK[code]})`, lasting: true };
    if (code === 'UND_ERR_PRX_CONN') return { reason: `the proxy ${name} closed the connection before it was set up`, lasting: true };
  }
  const reason = (code !== undefined ? NETWORK[code] : undefined) ?? String(error.message ?? thrown);
  return { reason: proxy === undefined ? reason : withoutPassword(reason, proxy), lasting: code === 'ECONNREFUSED' };
}

function messagesOf(error: ErrorLike | undefined): string {
  if (error === undefined) return '';
  return `${typeof error.message === 'string' ? error.message : ''} ${messagesOf(error.cause)}`;
}

/** A message that might quote the proxy's address, with its password taken out. */
function withoutPassword(text: string, proxy: string): string {
  const { password } = new URL(proxy);
  if (password === '') return text;
  return text.split(password).join('***').split(decodeURIComponent(password)).join('***');
}
