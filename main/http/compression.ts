import { brotliCompress, brotliDecompress, constants, gunzip, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { BodyTooLarge } from './read-body.js';

/** The content codings `serve` answers in and takes request bodies in. */
export type ContentCoding = 'br' | 'gzip';

/**
 * Answers shorter than this go plain: under a packet's size, compressing them saves no round
 * trip and costs both sides a codec.
 */
export const SMALLEST_COMPRESSED = 1400;

/**
 * Brotli at quality 4 (of 11): about as fast as gzip's default and a fifth smaller on the feed's
 * JSON; the higher qualities cost many times the CPU for a few percent (bench/README.md).
 */
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/**
 * The coding an answer goes in for a request's Accept-Encoding (RFC 9110 12.5.3): the one the
 * client weighs highest among br and gzip (`*` stands for either when not named), brotli on a
 * tie; none when neither is acceptable.
 */
export function negotiatedCoding(acceptEncoding: string | string[] | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const entry of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [name, ...parameters] = entry.split(';');
    const coding = name!.trim().toLowerCase();
    if (coding === '') continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)).find((match) => match !== null);
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, q ? Number(q[1]) : 1);
  }
  const weight = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [br, gz] = [weight('br'), weight('gzip')];
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

/** `payload` in `coding`, off the main thread (zlib's work runs on libuv's pool). */
export function compress(payload: string, coding: ContentCoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br')
      brotliCompress(payload, { ...BROTLI, params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) } }, done);
    else gzip(payload, done);
  });
}

/** A request body in a Content-Encoding the server does not take. */
export class EncodingNotSupported extends Error {}

/** A request body that does not decompress in its Content-Encoding: corrupt or cut off. */
export class BodyNotDecompressible extends Error {}

/**
 * A request body as sent, given its Content-Encoding: as it is when there is none (or `identity`),
 * else decompressed, never past `limit` bytes: the inflater stops as the output passes the limit
 * (BodyTooLarge), so a small body that inflates to gigabytes costs no more than the limit. Only
 * one coding, gzip or br, and only where `accepted` (a strict server takes bodies as they are).
 */
export async function decodedBody(raw: Buffer, contentEncoding: string | undefined, limit: number, accepted: boolean): Promise<Buffer> {
  const coding = (contentEncoding ?? '').trim().toLowerCase();
  // No body (a GET) is no body, whatever its headers say.
  if (coding === '' || coding === 'identity' || raw.length === 0) return raw;
  if (!accepted) throw new EncodingNotSupported(`This server takes request bodies uncompressed: send the body without a Content-Encoding (got "${coding}").`);
  if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== 'br')
    throw new EncodingNotSupported(`Content-Encoding "${coding}" is not supported: send the body uncompressed, or compressed with gzip or br.`);
  const options: ZlibOptions & BrotliOptions = { maxOutputLength: limit };
  return new Promise((resolve, reject) => {
    const done = (error: (Error & { code?: string }) | null, result: Buffer) => {
      if (!error) return resolve(result);
      if (error.code === 'ERR_BUFFER_TOO_LARGE') return reject(new BodyTooLarge());
      reject(new BodyNotDecompressible(`The body could not be decompressed as ${coding === 'br' ? 'br' : 'gzip'}: it is corrupt or cut off.`));
    };
    if (coding === 'br') brotliDecompress(raw, options, done);
    else gunzip(raw, options, done);
  });
}
