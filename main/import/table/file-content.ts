// What a file holds, told from its first bytes rather than from its name: a PDF or a CSV file
// renamed .xlsx is refused in words before anything reads it as a sheet.

/** How many bytes of a file are enough to tell what it holds. */
export const HEAD_BYTES = 64 * 1024;

const SIGNATURES: { bytes: readonly number[]; looksLike: string }[] = [
  { bytes: ascii('%PDF-'), looksLike: 'a PDF' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], looksLike: 'an Excel 97-2003 .xls workbook or another old Office file; save it as .xlsx' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], looksLike: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], looksLike: 'a JPEG image' },
  { bytes: ascii('GIF8'), looksLike: 'a GIF image' },
  { bytes: [0x1f, 0x8b], looksLike: 'a gzip archive' },
  { bytes: ascii('Rar!'), looksLike: 'a RAR archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], looksLike: 'a 7-Zip archive' },
  { bytes: ascii('{\\rtf'), looksLike: 'an RTF document' },
  { bytes: [0xff, 0xfe], looksLike: 'UTF-16 text; save it from the spreadsheet as "CSV UTF-8"' },
  { bytes: [0xfe, 0xff], looksLike: 'UTF-16 text; save it from the spreadsheet as "CSV UTF-8"' },
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const MARKUP: { pattern: RegExp; looksLike: string }[] = [
  { pattern: /^<(!doctype\s+html|html|head|body|table|meta)[\s>]/i, looksLike: 'an HTML page' },
  { pattern: /^<\?xml/i, looksLike: 'an XML document' },
];

/** Whether the bytes start as every .xlsx workbook does (a ZIP archive). */
export function isZip(head: Uint8Array): boolean {
  return startsWith(head, ZIP);
}

/**
 * What the first bytes of a file that is not a ZIP archive look like, for a refusal ("a PDF"), or
 * undefined when they look like text, which a CSV file is.
 */
export function nonTextContent(head: Uint8Array): string | undefined {
  if (head.length === 0) return undefined;
  for (const signature of SIGNATURES) if (startsWith(head, signature.bytes)) return signature.looksLike;
  if (isZip(head)) return 'a ZIP archive, such as an .xlsx workbook; name an .xlsx workbook .xlsx';
  const start = new TextDecoder('utf-8')
    .decode(head.subarray(0, 256))
    .replace(/^\uFEFF/, '')
    .trimStart();
  for (const markup of MARKUP) if (markup.pattern.test(start)) return markup.looksLike;
  return isBinary(head) ? 'binary data, not text' : undefined;
}

/**
 * Text has few control characters; any other bytes have many (about one in nine of random bytes).
 * A stray NUL in a CSV cell is still text: the cell is refused, not the file.
 */
function isBinary(head: Uint8Array): boolean {
  let controls = 0;
  for (const byte of head) if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) controls += 1;
  return controls > head.length * 0.02;
}

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}
