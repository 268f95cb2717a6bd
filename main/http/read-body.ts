import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {
  constructor() {
    super('Request body too large.');
  }
}

/** The client closed the connection before sending the whole body: nobody is left to answer. */
export class ClientClosed extends Error {
  constructor() {
    super('the client closed the connection before sending its whole request');
  }
}

export class BodyNotUtf8 extends Error {
  constructor() {
    super('Body is not valid UTF-8.');
  }
}

/**
 * The whole request body, up to `limit` bytes. Past the limit it stops buffering, discards the
 * rest as it arrives and rejects with BodyTooLarge. Both HTTP servers (the API and web mode) read
 * bodies through this one function.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        request.off('end', onEnd);
        request.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', (error) => reject(request.complete ? error : new ClientClosed()));
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body as text; a byte sequence that is not UTF-8 is refused, never stored with U+FFFD in its place. */
export function utf8Text(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw new BodyNotUtf8();
  }
}
