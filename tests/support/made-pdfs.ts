// PDFs the SBC tests make for themselves: a scan (a sample's pages as images only, no text layer),
// an ordinary text document that is not an SBC, and a PDF that opens only with its password.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';

/** Renders the first pages of a PDF with poppler's pdftoppm and wraps the images in a new PDF. */
export async function scanOf(pdfPath: string, pages = 2): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'plandesk-scan-'));
  try {
    const rendered = spawnSync('pdftoppm', ['-jpeg', '-r', '40', '-f', '1', '-l', String(pages), pdfPath, join(dir, 'page')], { encoding: 'utf8' });
    if (rendered.error || rendered.status !== 0)
      throw new Error(`pdftoppm (poppler-utils) could not render ${pdfPath}: ${rendered.error?.message ?? rendered.stderr}`);
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

/** A cell: its lines, left edge and first baseline (from the top, in points). */
type Cell = [lines: string[], x: number, top: number];

const ROW = (top: number, label: string[], network: string[], outOfNetwork: string[]): Cell[] => [
  [label, 150, top],
  [network, 300, top],
  [outOfNetwork, 430, top],
];

/**
 * A two-page SBC in the 2021+ edition of the template ("What You Will Pay", "Network Provider (You
 * will pay the least)", "Are there services covered before you meet your deductible?"), written
 * here to state each rule of that edition plainly. `hsaEligible` adds a sentence saying the plan is
 * HSA-eligible; `withoutServicesTable` leaves out the services table (page 2).
 */
export async function sbc2021Pdf(options: { hsaEligible?: boolean; withoutServicesTable?: boolean } = {}): Promise<Uint8Array> {
  const sbc = await PDFDocument.create();
  const font = await sbc.embedFont(StandardFonts.Helvetica);
  const draw = (cells: Cell[]) => {
    const page = sbc.addPage([792, 612]);
    for (const [lines, x, top] of cells) lines.forEach((line, index) => page.drawText(line, { x, y: 612 - top - index * 10, size: 8, font }));
  };
  draw([
    [['Summary of Benefits and Coverage: What this Plan Covers & What You Pay for Covered Services'], 40, 30],
    [['Acme Health Plan: Silver Choice PPO'], 40, 44],
    [['Coverage Period: 01/01/2024 - 12/31/2024'], 560, 44],
    [['Coverage for: Individual + Family | Plan Type: PPO'], 500, 56],
    [options.hsaEligible ? ['This plan is eligible for a health savings account (HSA).'] : [], 40, 70],
    [['Important Questions'], 40, 90],
    [['Answers'], 200, 90],
    [['Why This Matters:'], 450, 90],
    [['What is the overall', 'deductible?'], 40, 110],
    [['$1,500 individual / $3,000 family for', 'network providers; $3,000 individual /', '$6,000 family for out-of-network providers.'], 200, 110],
    [['Generally, you must pay all of the costs'], 450, 110],
    [['Are there services', 'covered before you meet', 'your deductible?'], 40, 150],
    [['Yes. Primary care, urgent care and', 'generic drugs are covered before you', 'meet your deductible.'], 200, 150],
    [['Are there other', 'deductibles for specific', 'services?'], 40, 190],
    [['No.'], 200, 190],
    [['What is the out-of-pocket', 'limit for this plan?'], 40, 230],
    [['For network providers $5,000 individual /', '$10,000 family; for out-of-network providers', '$10,000 individual / $20,000 family.'], 200, 230],
    [['What is not included in', 'the out-of-pocket limit?'], 40, 270],
    [['Premiums, balance-billed charges, and', "health care this plan doesn't cover."], 200, 270],
  ]);
  if (options.withoutServicesTable) return await sbc.save();
  draw([
    [['Common Medical Event'], 40, 40],
    [['Services You May Need'], 150, 40],
    [['What You Will Pay'], 360, 30],
    [['Network Provider', '(You will pay the least)'], 300, 42],
    [['Out-of-Network Provider', '(You will pay the most)'], 430, 42],
    [['Limitations, Exceptions, & Other', 'Important Information'], 580, 40],
    [['If you visit a health care', "provider's office or clinic"], 40, 80],
    ...ROW(80, ['Primary care visit to treat an', 'injury or illness'], ['$25 copay/visit;', 'deductible does not apply'], ['40% coinsurance']),
    ...ROW(110, ['Specialist visit'], ['$50 copay/visit;', 'deductible does not apply'], ['40% coinsurance']),
    ...ROW(140, ['Diagnostic test (x-ray, blood', 'work)'], ['20% coinsurance'], ['40% coinsurance']),
    ...ROW(170, ['Generic drugs'], ['$10 copay/prescription'], ['Not covered']),
    ...ROW(200, ['Preferred brand drugs'], ['20% coinsurance'], ['Not covered']),
    ...ROW(230, ['Facility fee (e.g., ambulatory', 'surgery center)'], ['20% coinsurance'], ['40% coinsurance']),
    ...ROW(260, ['Emergency room care'], ['$300 copay/visit;', '20% coinsurance'], ['$300 copay/visit;', '20% coinsurance']),
    ...ROW(290, ['Urgent care'], ['$75 copay/visit'], ['40% coinsurance']),
    ...ROW(320, ['Facility fee (e.g., hospital room)'], ['20% coinsurance'], ['40% coinsurance']),
  ]);
  return await sbc.save();
}

/** The padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3). */
const PASSWORD_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/** RC4, the cipher of the standard security handler's revision 2 (no longer offered by OpenSSL). */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/**
 * A one-page text PDF that opens only with `password`: encrypted by the standard security handler
 * (RC4, 40-bit key, revision 2; ISO 32000-1 algorithms 2 to 4), its content stream encrypted with
 * the object's key, as "protect with a password" in a PDF program makes one. Poppler reads it
 * with the password (`pdftotext -upw`), and only with it.
 */
export function passwordProtectedPdf(password: string, text: string): Uint8Array {
  const padded = (secret: string) => Buffer.concat([Buffer.from(secret, 'latin1'), PASSWORD_PAD]).subarray(0, 32);
  const id = md5(Buffer.from(`plandesk test ${password} ${text}`));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const owner = rc4(md5(padded(`${password} owner`)).subarray(0, 5), padded(password));
  const key = md5(padded(password), owner, permissions, id).subarray(0, 5);
  const user = rc4(key, PASSWORD_PAD);
  const objectKey = (number: number) => md5(key, Buffer.from([number & 255, (number >> 8) & 255, (number >> 16) & 255, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(4), Buffer.from(`BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`, 'latin1'));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -44 >>`,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((object, index) => {
    offsets.push(size);
    const bytes = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.isBuffer(object) ? object : Buffer.from(object), Buffer.from('\nendobj\n')]);
    parts.push(bytes);
    size += bytes.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer));
  return new Uint8Array(Buffer.concat(parts));
}
