import { brotliDecompress, gunzip } from 'node:zlib';

/**
 * How the sync asks a remote to answer (RFC 9110 12.5.3): brotli or gzip, as `serve` and most
 * servers behind a reverse proxy can; a remote that can neither answers plain JSON.
 */
export const ACCEPTED_CODINGS = 'br, gzip';

/**
 * The most an answer may inflate to: far beyond any page or batch answer (a feed page of 1,000
 * plans is about 2 MB), so that a broken or hostile remote cannot fill the laptop's memory.
 */
const LARGEST_ANSWER = 256 * 1024 * 1024;

/** An answer that cannot be decoded in its Content-Encoding: corrupt, cut off, too large, or in a coding not asked for. */
export class UndecodableAnswer extends Error {}

/** An answer's bytes as sent, decompressed as its Content-Encoding says (off the main thread). */
export function decodedAnswer(raw: Buffer, contentEncoding: string): Promise<Buffer> {
  const coding = contentEncoding.trim().toLowerCase();
  if (coding === '' || coding === 'identity') return Promise.resolve(raw);
  if (coding !== 'br' && coding !== 'gzip' && coding !== 'x-gzip')
    return Promise.reject(new UndecodableAnswer(`it came in ${coding}, which was not asked for`));
  return new Promise((resolve, reject) => {
    const done = (error: (Error & { code?: string }) | null, result: Buffer) => {
      if (!error) return resolve(result);
      reject(new UndecodableAnswer(error.code === 'ERR_BUFFER_TOO_LARGE' ? 'it inflates past 256 MiB' : `its ${coding} is corrupt or cut off`));
    };
    if (coding === 'br') brotliDecompress(raw, { maxOutputLength: LARGEST_ANSWER }, done);
    else gunzip(raw, { maxOutputLength: LARGEST_ANSWER }, done);
  });
}
