// PDFs the SBC tests make for themselves: a scan (a sample's pages as images only, no text layer)
// and an ordinary text document that is not an SBC.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';

/** Renders the first pages of a PDF with poppler's pdftoppm and wraps the images in a new PDF. */
export async function scanOf(pdfPath: string, pages = 2): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-scan-'));
  try {
    const rendered = spawnSync('pdftoppm', ['-jpeg', '-r', '40', '-f', '1', '-l', String(pages), pdfPath, join(dir, 'page')], { encoding: 'utf8' });
    if (rendered.error || rendered.status !== 0) throw new Error(`pdftoppm (poppler-utils) could not render ${pdfPath}: ${rendered.error?.message ?? rendered.stderr}`);
    const scan = await PDFDocument.create();
    for (const file of readdirSync(dir).sort()) {
      const image = await scan.embedJpg(readFileSync(join(dir, file)));
      scan.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
    }
    return await scan.save();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A one-page text PDF: a letter, nothing like an SBC. */
export async function letterPdf(): Promise<Uint8Array> {
  const letter = await PDFDocument.create();
  const font = await letter.embedFont(StandardFonts.Helvetica);
  const page = letter.addPage([612, 792]);
  const lines = ['Quarterly newsletter', 'Our office moves to a new address on March 1.', 'Parking is free for visitors; the lobby opens at 8 am.'];
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 20, size: 12, font }));
  return await letter.save();
}

/** The same PDF with every page turned by its /Rotate entry (as a scanner or a viewer may save it). */
export async function rotated(bytes: Uint8Array, turn: 90 | 180 | 270): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes);
  for (const page of document.getPages()) page.setRotation(degrees(turn));
  return await document.save();
}
