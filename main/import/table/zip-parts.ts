import { createInflateRaw } from 'node:zlib';

/** One file inside a ZIP archive, as its central directory lists it. */
export interface ZipPart {
  name: string;
  /** 0 stored, 8 deflated; an .xlsx workbook uses no other. */
  method: number;
  compressedSize: number;
  /** As the directory states it, which a hostile file may understate: see `unpackedSize`. */
  statedSize: number;
  dataOffset: number;
}

/** Why a ZIP archive cannot be read: the message says what is wrong with it. */
export class ZipFormatError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/** The parts the archive's central directory lists, at most `maxParts` of them (more is an error). */
export function zipParts(bytes: Uint8Array, maxParts: number): ZipPart[] | 'too-many' {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === ZIP64_MARK) return 'too-many';
  if (count > maxParts) return 'too-many';
  const parts: ZipPart[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new ZipFormatError('its list of parts is damaged');
    const nameLength = view.getUint16(at + 28, true);
    const entryLength = 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const compressedSize = view.getUint32(at + 20, true);
    const statedSize = view.getUint32(at + 24, true);
    if (compressedSize === ZIP64_MARK || statedSize === ZIP64_MARK) return 'too-many';
    parts.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize,
      statedSize,
      dataOffset: dataOffsetOf(view, view.getUint32(at + 42, true), compressedSize),
    });
    at += entryLength;
  }
  return parts;
}

/**
 * The bytes a part unpacks to, counted by unpacking it (nothing is kept), stopping as soon as they
 * pass `limit`: then `limit + 1`. A directory's stated sizes cannot be trusted, a ZIP bomb lies there.
 */
export async function unpackedSize(bytes: Uint8Array, part: ZipPart, limit: number): Promise<number> {
  const data = bytes.subarray(part.dataOffset, part.dataOffset + part.compressedSize);
  if (part.method === 0) return Math.min(data.length, limit + 1);
  if (part.method !== 8) throw new ZipFormatError(`its part ${part.name} is packed in a way no .xlsx workbook uses`);
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(limit + 1);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => reject(new ZipFormatError(`its part ${part.name} is damaged`)));
    inflate.end(data);
  });
}

function findEndOfDirectory(view: DataView): number {
  // The record is 22 bytes, followed by a comment of at most 65,535 bytes.
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= earliest; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new ZipFormatError('it is cut short or damaged (its list of parts is missing)');
}

function dataOffsetOf(view: DataView, headerOffset: number, compressedSize: number): number {
  if (headerOffset + 30 > view.byteLength || view.getUint32(headerOffset, true) !== LOCAL_HEADER) throw new ZipFormatError('a part is not where its list says');
  const offset = headerOffset + 30 + view.getUint16(headerOffset + 26, true) + view.getUint16(headerOffset + 28, true);
  if (offset + compressedSize > view.byteLength) throw new ZipFormatError('it is cut short');
  return offset;
}
