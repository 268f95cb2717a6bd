import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { HEAD_BYTES } from './file-content.js';

/** A file to import: on disk (the command line reads it as a stream), or in memory (the window sends its bytes). */
export interface SheetFile {
  name: string;
  size: number;
  /** Its first bytes, which say what it holds. */
  head: Uint8Array;
  stream(): Readable;
  bytes(): Promise<Uint8Array>;
}

export function sheetFileInMemory(name: string, bytes: Uint8Array): SheetFile {
  return {
    name,
    size: bytes.length,
    head: bytes.subarray(0, HEAD_BYTES),
    stream: () => Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    bytes: () => Promise.resolve(bytes),
  };
}

export async function sheetFileOnDisk(path: string): Promise<SheetFile> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    return { name: path, size, head, stream: () => createReadStream(path), bytes: () => readFile(path) };
  } finally {
    await handle.close();
  }
}
