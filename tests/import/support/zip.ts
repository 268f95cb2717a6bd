// ZIP archives the import tests build part by part: a workbook made by hand, a Word document, and
// a workbook whose sheet is a ZIP bomb (a gibibyte of XML deflated to about a megabyte).
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** A part already deflated, with what the directory states about it (a bomb may understate its size). */
export interface DeflatedPart {
  deflated: Buffer;
  crc: number;
  size: number;
}

export interface ZipEntry {
  name: string;
  data: Buffer | DeflatedPart;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** An .xlsx workbook of one sheet, "Employers", whose XML is `sheetXml`. */
export function workbookParts(sheetXml: Buffer | DeflatedPart): ZipEntry[] {
  const text = (name: string, xml: string): ZipEntry => ({ name, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${xml}`) });
  return [
    text(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    text(
      '_rels/.rels',
      `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text('xl/workbook.xml', `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Employers" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    text(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
  ];
}

/** The XML of a sheet holding `rows` (cells as inline strings). */
export function sheetXml(rows: readonly (readonly string[])[]): Buffer {
  const cell = (text: string) => `<c t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows.map((row) => `<row>${row.map(cell).join('')}</row>`).join('')}</sheetData></worksheet>`,
  );
}

/**
 * A sheet of at least `size` bytes of XML (a header row, then the same employer row over and over),
 * deflated a mebibyte at a time so the test never holds it unpacked.
 */
export async function deflatedSheet(size: number): Promise<DeflatedPart> {
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row><c t="inlineStr"><is><t>Employer name</t></is></c></row>`,
  );
  const row = '<row><c t="inlineStr"><is><t>Bomb Inc</t></is></c></row>';
  const block = Buffer.from(row.repeat(Math.ceil((1024 * 1024) / row.length)));
  const tail = Buffer.from('</sheetData></worksheet>');
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let written = 0;
  const write = async (part: Buffer) => {
    crc = crc32(part, crc);
    written += part.length;
    if (!deflate.write(part)) await once(deflate, 'drain');
  };
  await write(head);
  while (written + tail.length < size) await write(block);
  await write(tail);
  deflate.end();
  await once(deflate, 'end');
  return { deflated: Buffer.concat(out), crc, size: written };
}

/** A ZIP archive of the entries; `statedSize` overrides what the directory says a part unpacks to. */
export function zipArchive(entries: readonly ZipEntry[], statedSize?: (name: string) => number | undefined): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const part = Buffer.isBuffer(entry.data) ? { deflated: deflateRawSync(entry.data), crc: crc32(entry.data), size: entry.data.length } : entry.data;
    const size = statedSize?.(entry.name) ?? part.size;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.deflated);
    directory.push(central, name);
    offset += local.length + name.length + part.deflated.length;
  }
  const directorySize = directory.reduce((sum, buffer) => sum + buffer.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}
