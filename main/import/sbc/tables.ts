import type { PdfPage, TextPiece } from './pdf-text.js';
import { intoColumns, lineSpacing, linesOf, pairCells, splitCells, cellText, type Cell, type CellLine, type Column } from './layout.js';

/** One row of an SBC table: the label cell (a question or a service) and its cells in the other columns. */
export interface TableRow {
  page: number;
  label: string;
  cells: Record<string, string>;
}

const FOOTER = /^(Questions\s*:|If you aren.t clear|You can view the Glossary|Page \d+ of \d+|\d+ of \d+$|\d+$)|to request a copy\.?$/i;
const ANSWER_START = /^(Yes|No|Premiums?)\b/;
/** A line ending like this leaves its sentence open, so the next line continues the same cell. */
const OPEN_ENDING = /([:,]|\b(and|or|per|then|up to|after))$/i;
const startsValue = (text: string, previous?: string): boolean => VALUE_START.test(text) && !(previous !== undefined && OPEN_ENDING.test(previous));
const QUESTION_START = /^(What|Are|Is|Does|Do|Will|Can|Why|How)\b/;
const VALUE_START = /^(\$\s?\d|\d+(\.\d+)?\s?%|No charge|Not covered|Lab\b|X-?ray|Retail\b|Tier \d)/i;
/** First words of the template's service rows (both editions), so rows set close together still split. */
const SERVICE_START = new RegExp(
  '^(' +
    [
      'Primary care',
      'Specialist visit',
      'Other practitioner',
      'Preventive care',
      'Diagnostic test',
      'Imaging',
      'Generic drugs',
      'Preferred (generic|brand|specialty)',
      'Non-preferred',
      'Brand drugs',
      'Specialty drugs',
      'Tier \\d',
      'Self-injectable',
      'Contraceptive',
      'Facility fee',
      'Physician/surgeon',
      'Emergency',
      'Urgent care',
      'Mental',
      'Substance',
      'Outpatient services',
      'Inpatient services',
      'Office visits',
      'Prenatal',
      'Delivery',
      'Childbirth',
      'Home health',
      'Rehabilitation',
      'Habilitation',
      'Skilled nursing',
      'Durable medical',
      'Hospice',
      'Eye exam',
      'Glasses',
      'Dental',
      'Children.s',
    ].join('|') +
    ')',
);
const HEADER_BAND = 45;
/** Words of the cost columns' headers, apart from the "Your cost if you use a" line centred over both. */
const COST_HEADER =
  /^(use an|you use|in-|network|non-network|in-network|out-of-network|provider|participating|non-?participating|preferred|non-preferred|need|limitations|exceptions|\(you will pay)/i;
const MARGIN = 6;

const center = (piece: TextPiece): number => piece.x + piece.width / 2;
const find = (pieces: TextPiece[], pattern: RegExp): TextPiece | undefined => pieces.find((piece) => pattern.test(piece.text.trim()));

function tableLines(page: PdfPage, columns: Column[], below: number): Map<string, CellLine[]> {
  const body = page.pieces.filter((piece) => piece.y > below + 2);
  const byColumn = intoColumns(page, body, columns);
  for (const [name, lines] of byColumn)
    byColumn.set(
      name,
      lines.filter((line) => !FOOTER.test(line.text)),
    );
  return byColumn;
}

/** Columns of the "Important Questions | Answers | Why this Matters" table on one page, if it has one. */
function questionColumns(page: PdfPage): { columns: Column[]; headerY: number } | undefined {
  const question = find(page.pieces, /^Important Questions/i);
  const answers = page.pieces.find((piece) => /\bAnswers\b/.test(piece.text) && question && Math.abs(piece.y - question.y) < 3);
  const why = find(page.pieces, /^Why (this|This) Matters/);
  if (!question || !answers) return undefined;
  const answersX = answers === question ? question.x + question.width * (question.text.indexOf('Answers') / question.text.length) : answers.x;
  const columns: Column[] = [
    { name: 'label', start: question.x - MARGIN },
    { name: 'answer', start: answersX - MARGIN },
  ];
  if (why) columns.push({ name: 'why', start: why.x - MARGIN });
  return { columns, headerY: Math.max(question.y, why?.y ?? 0) };
}

/**
 * Columns of the services table ("Services You May Need | in-network | out-of-network |
 * Limitations"). Cost headers are often centred over their column, so a column boundary is the
 * nearer of the next header's left edge and the midpoint between the two headers' centres.
 */
function serviceColumns(page: PdfPage): { columns: Column[]; headerY: number } | undefined {
  const services = find(page.pieces, /^Services You May/i);
  const limits = find(page.pieces, /^Limitations/i);
  if (!services) return undefined;
  const servicesRight = services.x + services.width - MARGIN;
  const band = page.pieces.filter(
    (piece) =>
      Math.abs(piece.y - services.y) <= HEADER_BAND && ((piece.x > servicesRight && COST_HEADER.test(piece.text.trim())) || /^Need$/.test(piece.text.trim())),
  );
  const right = limits ? limits.x - MARGIN : Infinity;
  const costPieces = band.filter((piece) => piece.x > servicesRight && piece.x < right);
  const outMarker = find(costPieces, /non-?\s*(participating|network|preferred|contracted)|out-of-network|nonparticipating/i);
  const inPieces = costPieces.filter((piece) => !outMarker || center(piece) < outMarker.x - 10);
  if (!outMarker || inPieces.length === 0) return undefined;
  const inCenter = inPieces.reduce((sum, piece) => sum + center(piece), 0) / inPieces.length;
  const outCenter = center(outMarker);
  const inLeft = Math.min(...inPieces.map((piece) => piece.x));
  const servicesCenter = center(services);
  const eventHeader = page.pieces.filter((piece) => Math.abs(piece.y - services.y) <= HEADER_BAND && /^(Common|Medical|Event)\b/.test(piece.text.trim()));
  const eventRight = Math.max(...eventHeader.map((piece) => piece.x + piece.width));
  const labelStart = Math.min(services.x - MARGIN, eventRight + 3);
  const columns: Column[] = [
    { name: 'event', start: -Infinity },
    { name: 'label', start: labelStart },
    { name: 'in', start: Math.min(inLeft, (servicesCenter + inCenter) / 2) - 3 },
    { name: 'out', start: Math.min(outMarker.x, (inCenter + outCenter) / 2) - 3 },
  ];
  const outRight = Math.max(...costPieces.filter((piece) => center(piece) >= outMarker.x - 10).map((piece) => piece.x + piece.width));
  if (limits) columns.push({ name: 'limits', start: Math.min(limits.x - MARGIN, outRight + 3) });
  const headerY = Math.max(services.y, ...band.map((piece) => piece.y));
  return { columns, headerY };
}

function rowsOf(
  pages: PdfPage[],
  locate: (page: PdfPage) => { columns: Column[]; headerY: number } | undefined,
  labelStart: (text: string) => boolean,
  valueStart: (text: string, previous?: string) => boolean,
  labelsSplitOnGaps: boolean,
): TableRow[] {
  const columnLines = new Map<string, CellLine[]>();
  for (const page of pages) {
    const found = locate(page);
    if (!found) continue;
    for (const [name, lines] of tableLines(page, found.columns, found.headerY)) columnLines.set(name, [...(columnLines.get(name) ?? []), ...lines]);
  }
  const labelLines = columnLines.get('label') ?? [];
  const spacing = lineSpacing([...columnLines.values()]);
  const labels = splitCells(labelLines, labelsSplitOnGaps ? spacing : Infinity, labelStart);
  const rows = new Map<Cell, TableRow>(labels.map((label) => [label, { page: label.page, label: cellText(label), cells: {} }]));
  for (const [name, lines] of columnLines) {
    if (name === 'label' || name === 'event') continue;
    const paired = pairCells(labels, splitCells(lines, spacing, valueStart), valueStart);
    for (const [label, cells] of paired) rows.get(label)!.cells[name] = cells.map(cellText).join(' ');
  }
  return [...rows.values()];
}

/** The rows of the SBC's question table (page 1 and its continuation). */
export const questionRows = (pages: PdfPage[]): TableRow[] =>
  rowsOf(
    pages,
    questionColumns,
    (text) => QUESTION_START.test(text),
    (text) => ANSWER_START.test(text),
    false,
  );

/** The rows of the SBC's services table, every page of it. */
export const serviceRows = (pages: PdfPage[]): TableRow[] => rowsOf(pages, serviceColumns, (text) => SERVICE_START.test(text), startsValue, true);

/** The first page's lines above the question table: carrier, plan name, coverage period, plan type. */
export function headerLines(pages: PdfPage[]): CellLine[] {
  const first = pages[0];
  if (!first) return [];
  const limit = questionColumns(first)?.headerY ?? Infinity;
  return linesOf(
    first.number,
    first.pieces.filter((piece) => piece.y < limit - 2),
  );
}
