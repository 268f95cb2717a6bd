// A .zip archive of a few text files, stored uncompressed (PKWARE APPNOTE 6.3, the plain subset
// every unzip, Explorer and Finder read): several files made for the person arrive as one download.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time, which zip entries carry (local time, two-second steps). */
function dosDateTime(at: Date): { date: number; time: number } {
  return {
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
  };
}

/** Little-endian fields of 2 or 4 bytes, in order. */
function header(fields: readonly [number, 2 | 4][]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(fields.reduce((total, [, size]) => total + size, 0));
  const view = new DataView(bytes.buffer);
  let offset = 0;
  for (const [value, size] of fields) {
    if (size === 2) view.setUint16(offset, value, true);
    else view.setUint32(offset, value, true);
    offset += size;
  }
  return bytes;
}

const UTF8_NAMES = 0x0800;

export function zipOf(files: readonly { name: string; content: string }[], at = new Date()): Blob {
  const encoder = new TextEncoder();
  const { date, time } = dosDateTime(at);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const central: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.name);
    const data = encoder.encode(file.content);
    const crc = crc32(data);
    const common: [number, 2 | 4][] = [
      [20, 2],
      [UTF8_NAMES, 2],
      [0, 2],
      [time, 2],
      [date, 2],
      [crc, 4],
      [data.length, 4],
      [data.length, 4],
      [name.length, 2],
      [0, 2],
    ];
    const local = header([[0x04034b50, 4], ...common]);
    central.push(header([[0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]), name);
    parts.push(local, name, data);
    offset += local.length + name.length + data.length;
  }
  const directorySize = central.reduce((total, part) => total + part.length, 0);
  const end = header([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [files.length, 2],
    [files.length, 2],
    [directorySize, 4],
    [offset, 4],
    [0, 2],
  ]);
  return new Blob([...parts, ...central, end], { type: 'application/zip' });
}
