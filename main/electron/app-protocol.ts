import { readFile, realpath } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import type { CustomScheme } from 'electron';

/** The renderer's own origin: pages, scripts and styles come from app://renderer/, never from file://. */
export const APP_SCHEME = 'app';
const APP_HOST = 'renderer';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Registered before the app is ready: a standard, secure origin (so module scripts, fetch and the
 * CSP's 'self' work as on https), with nothing more (no CSP bypass, no service workers).
 */
export const appScheme: CustomScheme = { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * The file an app:// URL names inside `rendererDir`, or undefined for anything else: another host,
 * a path that climbs out (`..`, however encoded), a NUL or backslash. `/` is index.html.
 */
function rendererFileFor(rendererDir: string, url: string): string | undefined {
  let parsed: URL;
  let path: string;
  try {
    parsed = new URL(url);
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined;
  if (path.includes('\0') || path.includes('\\')) return undefined;
  const file = resolve(rendererDir, `.${path === '/' ? '/index.html' : path}`);
  return isInside(rendererDir, file) ? file : undefined;
}

function isInside(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

const notFound = () => new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * protocol.handle's handler for app://: GET of a file inside the renderer folder (a symlink that
 * leads out of it counts as outside), else 404.
 */
export function appProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const file = rendererFileFor(rendererDir, request.url);
    if (!file || request.method !== 'GET') return notFound();
    try {
      const [root, real] = await Promise.all([realpath(rendererDir), realpath(file)]);
      if (!isInside(root, real)) return notFound();
      const body = await readFile(real);
      return new Response(body, {
        headers: { 'content-type': CONTENT_TYPES[extname(real)] ?? 'application/octet-stream', 'x-content-type-options': 'nosniff' },
      });
    } catch {
      return notFound();
    }
  };
}
