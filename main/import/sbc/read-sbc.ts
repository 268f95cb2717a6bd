import { planKinds } from '../../../shared/plans/index.js';
import type { SbcReading } from '../../../shared/sbc.js';
import { linesOf } from './layout.js';
import { readPdfText, type PdfPage } from './pdf-text.js';
import { coverageTierOf, readHeader, readQuestions } from './page-one.js';
import { Reading } from './reading.js';
import { readServices } from './services.js';
import { checkReading } from './self-checks.js';
import { headerLines, questionRows, serviceRows } from './tables.js';

/** Why a PDF cannot be read as an SBC; the message says what to do instead. */
export class SbcRefusal extends Error {}

const MIN_TEXT = 40;

const PROTECTED =
  'this PDF is protected by a password: open it with its password in a PDF viewer, print it to a new PDF ("Save as PDF" or "Microsoft Print to PDF" as the printer) and read that copy, or ask the carrier for one without a password';

/** A medical plan's fields in the order the form shows them, plus HSA for the "where stated" case. */
const MEDICAL_FIELDS = Object.keys(planKinds.medical.fields);

/** The printed line saying the plan is HSA-eligible (qualified, compatible), if there is one. */
function hsaStatement(pages: PdfPage[]): { page: number; text: string } | undefined {
  for (const page of pages) {
    const line = linesOf(page.number, page.pieces).find(
      (candidate) => /\b(HSA|health savings account)\b/i.test(candidate.text) && /\b(eligible|qualified|compatible)\b/i.test(candidate.text),
    );
    if (line) return { page: line.page, text: line.text };
  }
  return undefined;
}

/**
 * The SBCs in one PDF: a new one starts on a page numbered "Page 1 of N" again (a carrier's single
 * and family SBCs printed one after the other).
 */
function documentsOf(pages: PdfPage[]): PdfPage[][] {
  const documents: PdfPage[][] = [];
  for (const page of pages) {
    const restarts = documents.length > 0 && linesOf(page.number, page.pieces).some((line) => /\bPage 1 of \d+\b/i.test(line.text));
    if (restarts || documents.length === 0) documents.push([page]);
    else documents.at(-1)!.push(page);
  }
  return documents;
}

/** One SBC's reading, or undefined when its pages hold neither of the SBC's tables. */
function readDocument(pages: PdfPage[], allText: string): Reading | undefined {
  const questions = questionRows(pages);
  const services = serviceRows(pages);
  if (!/Summary of Benefits and Coverage/i.test(allText) || (questions.length === 0 && services.length === 0)) return undefined;
  const reading = new Reading();
  const header = headerLines(pages);
  readHeader(header, allText, reading);
  const facts = readQuestions(questions, reading, coverageTierOf(header.map((line) => line.text).join(' ')));
  readServices(services, facts, reading);
  return reading;
}

/**
 * Two SBCs of one plan read as one: each field from whichever states it; a field they state
 * differently is left empty with a warning.
 */
function mergeReadings(first: Reading, second: Reading): Reading {
  for (const [field, value] of Object.entries(second.plan)) {
    if (!(field in first.plan)) first.set(field, value, second.sources[field]!.page, second.sources[field]!.text);
    else if (first.plan[field] !== value) {
      first.warn(`The SBCs in this PDF give ${field} as ${String(first.plan[field])} and ${String(value)}: left empty; enter it.`);
      first.clear([field]);
    }
  }
  for (const warning of second.warnings) first.warn(warning);
  // A warning that one SBC does not state a field is moot when the other states it.
  const stated = first.warnings.filter((warning) => Object.keys(first.plan).some((field) => warning.includes(`(${field})`)));
  for (const warning of stated) first.warnings.splice(first.warnings.indexOf(warning), 1);
  return first;
}

/**
 * Reads an SBC PDF into the fields of a medical plan body. Only what the document states plainly
 * is set; every other field is listed in `missing`, with a warning where the document was unclear.
 */
export async function readSbc(bytes: Uint8Array): Promise<SbcReading> {
  let pages: PdfPage[];
  try {
    pages = await readPdfText(bytes);
  } catch (error) {
    // pdf.js asks for the password of a PDF that needs one to open ("No password given").
    if ((error as { name?: unknown }).name === 'PasswordException') throw new SbcRefusal(PROTECTED);
    throw new SbcRefusal(`this file is not a readable PDF: ${(error as Error).message}`);
  }
  const allText = pages.map((page) => page.pieces.map((piece) => piece.text).join(' ')).join('\n');
  if (allText.replace(/\s/g, '').length < MIN_TEXT) {
    throw new SbcRefusal(
      `this PDF has no text layer (a scan?): ${pages.length} page(s) of images only; ask the carrier for the original SBC PDF or type the plan in`,
    );
  }
  const documents = documentsOf(pages);
  const readings = documents.map((document) => readDocument(document, allText));
  if (readings[0] === undefined) {
    throw new SbcRefusal(
      'this PDF is not a Summary of Benefits and Coverage: it has neither the "Summary of Benefits and Coverage" title nor its question and services tables',
    );
  }
  const reading = readings.slice(1).reduce<Reading>((merged, next) => (next ? mergeReadings(merged, next) : merged), readings[0]);
  if (documents.length > 1)
    reading.warn(`This PDF holds ${documents.length} SBCs (its page numbers start again from 1): read together; check the amounts per coverage tier.`);
  checkReading(reading);
  const hsa = hsaStatement(pages);
  if (hsa) {
    reading.set('hsa', true, hsa.page, hsa.text);
    reading.warn('The SBC says the plan is HSA-eligible: read as an HSA offered with the plan; enter the employer funding.');
  }
  const missing = MEDICAL_FIELDS.filter((field) => !(field in reading.plan));
  return { plan: reading.plan, sources: reading.sources, missing, warnings: reading.warnings };
}
