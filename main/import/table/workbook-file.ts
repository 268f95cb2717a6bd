import { basename } from 'node:path';
import { isZip, nonTextContent } from './file-content.js';
import { ImportInputError, notASpreadsheet } from './import-input-error.js';
import { MAX_XLSX_BYTES, MAX_XLSX_PARTS, MAX_XLSX_UNPACKED_BYTES, tooLarge } from './import-limits.js';
import type { SheetFile } from './sheet-file.js';
import { unpackedSize, ZipFormatError, zipParts, type ZipPart } from './zip-parts.js';

/** What a ZIP archive without a workbook holds, told from the parts it has. */
const OTHER_ARCHIVES: { part: string; looksLike: string }[] = [
  { part: 'xl/workbook.bin', looksLike: 'an Excel binary .xlsb workbook; save it as .xlsx' },
  { part: 'word/document.xml', looksLike: 'a Word document' },
  { part: 'ppt/presentation.xml', looksLike: 'a PowerPoint presentation' },
  { part: 'content.xml', looksLike: 'an OpenDocument file; save it as .xlsx' },
];

/**
 * The bytes of an .xlsx file, once it is known to be a workbook (not a PDF, a CSV file or an HTML
 * table renamed, nor a Word document) within the import's limits, packed and unpacked (a ZIP bomb
 * is refused here): before the sheet reader inflates any of it. Else an ImportInputError saying why.
 */
export async function workbookBytes(file: SheetFile): Promise<Uint8Array> {
  if (!isZip(file.head)) {
    if (file.size === 0) throw new ImportInputError(`${basename(file.name)} is empty`);
    throw notASpreadsheet(file.name, nonTextContent(file.head) ?? 'text, such as a CSV file, which is imported when it is named .csv');
  }
  if (file.size > MAX_XLSX_BYTES) throw tooLarge.xlsxFile(file.name);
  const bytes = await file.bytes();
  try {
    await checkParts(file.name, bytes);
  } catch (error) {
    if (error instanceof ZipFormatError) throw new ImportInputError(`${basename(file.name)} is not a readable .xlsx workbook: ${error.message}`);
    throw error;
  }
  return bytes;
}

async function checkParts(fileName: string, bytes: Uint8Array): Promise<void> {
  const parts: ZipPart[] | 'too-many' = zipParts(bytes, MAX_XLSX_PARTS);
  if (parts === 'too-many') throw tooLarge.xlsxParts(fileName);
  const names = new Set(parts.map((part) => part.name));
  if (!names.has('xl/workbook.xml')) {
    throw notASpreadsheet(fileName, OTHER_ARCHIVES.find((archive) => names.has(archive.part))?.looksLike ?? 'a ZIP archive that holds no workbook');
  }
  if (parts.reduce((sum, part) => sum + part.statedSize, 0) > MAX_XLSX_UNPACKED_BYTES) throw tooLarge.xlsxUnpacked(fileName);
  let unpacked = 0;
  for (const part of parts) {
    unpacked += await unpackedSize(bytes, part, MAX_XLSX_UNPACKED_BYTES - unpacked);
    if (unpacked > MAX_XLSX_UNPACKED_BYTES) throw tooLarge.xlsxUnpacked(fileName);
  }
}
