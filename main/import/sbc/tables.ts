import type { PdfPage, TextPiece } from './pdf-text.js';
import { gutterBetween, serviceColumnsOf } from './columns.js';
import { intoColumns, lineSpacing, linesOf, pairCells, rowsOfPieces, splitCells, cellText, type Cell, type CellLine, type Column } from './layout.js';

/** One row of an SBC table: the label cell (a question or a service) and its cells in the other columns. */
export interface TableRow {
  page: number;
  label: string;
  cells: Record<string, string>;
  /** Each cell's printed lines, for answers laid out as a small grid. */
  lines: Record<string, string[]>;
}

/** A column's line that is the page's footer, not a cell's text. */
const FOOTER = /^(Questions\s*:|If you aren.t clear|You can view the Glossary|Page \d+ of \d+|\d+ of \d+$|\d+$)|to request a copy\.?$/i;
/** How an answer begins: yes or no, premiums, none, or (the amounts answers) the network it is for. */
const ANSWER_START = /^(Yes|No|Premiums?|None|N\/A|(In-|Out-of-|Non-)?Network\b|(Non-)?Participating\b|For each\b)/;
/** A line ending like this leaves the answer open: the next line goes on with it. */
const ANSWER_OPEN = /([-:,/]|\b(and|or|for|per|of|to))$/i;
/** A line ending like this leaves its sentence open, so the next line continues the same cell. */
const OPEN_ENDING = /([:,]|\b(and|or|per|then|up to|after|pay|pays|of|plus|with|to))$/i;
const startsValue = (text: string, previous?: string): boolean =>
  (VALUE_START.test(text) || /^(Copay|Coinsurance)\b/.test(text)) && !(previous !== undefined && OPEN_ENDING.test(previous));
const QUESTION_START = /^(What|Are|Is|Does|Do|Will|Can|Why|How)\b/;
const VALUE_START = /^(\$\s?\d|\d+(\.\d+)?\s?%|No charge|Not covered|No coverage|Excluded|You pay\b|Lab\b|Retail\b|Tier \d)/i;
/**
 * First words of the template's service rows (2013, 2017 and 2021 editions, and the tier names
 * carriers put in the drug rows), so rows set close together still split.
 */
const SERVICE_WORDS = [
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
  'Specialty drugs?',
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
  "Children's",
].join('|');
const SERVICE_WORD = new RegExp(`^(${SERVICE_WORDS})`, 'i');
/** A line starting a service row: a template row's first words, capitalised as a row's first line is. */
const startsService = (text: string): boolean => /^[A-Z]/.test(text) && SERVICE_WORD.test(text);
const SERVICE_ANYWHERE = new RegExp(`\\b(${SERVICE_WORDS})`, 'i');
/** The columns whose cells may span the next (a cost the same in and out of network, printed once). */
const COST_COLUMNS: ReadonlySet<string> = new Set(['in', 'out', 'both']);
/** How far above "Services You May Need" the header may start, and below it may end. */
const HEADER_ABOVE = 30;
const HEADER_BELOW = 45;
const MARGIN = 6;
/** A printed line that is page furniture, not table text: footers, page numbers, contact lines. */
const FURNITURE = /^(Questions\s*:|Page \d+ of \d+|\d+ of \d+$)|\bor visit us at\b|to request a copy\.?$/i;
/** The page's own header, repeated on every page of some SBCs. */
const PAGE_HEADER = /Summary of Benefits|Coverage Period|Coverage for:|Plan Type:|\d{1,2}\/\d{1,2}\/\d{2,4}/i;
/** Where the services table ends: the excluded services list that follows it. */
const TABLE_END = /^(Excluded Services|Services Your Plan (Generally )?Does NOT Cover|Your Rights to Continue)/i;
const VALUE_IN_LINE = /\$\s?\d|\d\s?%|\bno charge\b|\bnot covered\b/i;

/** The page's printed lines with their words, top to bottom (a line: words on one baseline). */
const wordLines = (page: PdfPage): { y: number; words: TextPiece[]; text: string }[] =>
  rowsOfPieces(page.pieces).map((words) => ({ y: words[0]!.y, words, text: linesOf(page.number, words)[0]?.text ?? '' }));

/** Columns of the "Important Questions | Answers | Why this Matters" table on one page, if it has one. */
function questionColumns(page: PdfPage): Located | undefined {
  const near = (a: TextPiece, b: TextPiece): boolean => Math.abs(a.y - b.y) <= a.size * 1.6;
  // The header's words, each on its line or over two ("Important" / "Questions"), next to each other.
  const answers = page.pieces.find(
    (word) =>
      /^Answers:?$/i.test(word.text) &&
      page.pieces.some((other) => /^Important$/i.test(other.text) && other.x < word.x && near(other, word)) &&
      page.pieces.some((other) => /^Questions$/i.test(other.text) && other.x < word.x && near(other, word)),
  );
  if (!answers) return undefined;
  const question = page.pieces.find((word) => /^Important$/i.test(word.text) && word.x < answers.x && near(word, answers))!;
  const why = page.pieces.find((word) => /^Why$/i.test(word.text) && word.x > answers.x && near(word, answers));
  const questions = page.pieces.find((word) => /^Questions$/i.test(word.text) && word.x < answers.x && near(word, answers))!;
  const header = { y: Math.max(question.y, questions.y, answers.y, why?.y ?? 0), top: Math.min(question.y, answers.y) };
  const body = page.pieces.filter((piece) => piece.y > header.y + 2);
  const columns: Column[] = [
    { name: 'label', start: question.x - MARGIN },
    { name: 'answer', start: gutterBetween(body, question.x + 4, answers.x + 2) },
  ];
  if (why) columns.push({ name: 'why', start: gutterBetween(body, answers.x + 4, why.x + 2) });
  return { columns, headerY: header.y, headerTop: header.top, pieces: page.pieces };
}

/** The services table's header and body on a page that prints "Services You May Need". */
function serviceColumns(page: PdfPage): Located | undefined {
  const lines = wordLines(page);
  const services = lines.find((line) => /\bServices You( May)?\b/.test(line.text));
  if (!services) return undefined;
  const below = lines.filter((line) => line.y > services.y + 1);
  const first = below.find((line) => VALUE_IN_LINE.test(line.text) || SERVICE_ANYWHERE.test(line.text) || /^If you\b/i.test(line.text));
  const bottom = Math.min(first?.y ?? Infinity, services.y + HEADER_BELOW);
  // Above "Services You May Need" only short lines belong to the header, not a sentence or the
  // page's own header (the SBC's title, its coverage period).
  const isHeader = (line: { y: number; words: TextPiece[]; text: string }): boolean =>
    line.y >= services.y - 1 || (line.words.length <= 8 && !/\.$/.test(line.text) && !PAGE_HEADER.test(line.text));
  const header = lines.filter((line) => line.y >= services.y - HEADER_ABOVE && line.y < bottom && isHeader(line)).flatMap((line) => line.words);
  const { pieces, ended } = tableBody(page);
  const body = pieces.filter((piece) => piece.y >= bottom - 1);
  const columns = serviceColumnsOf(header, body);
  return columns ? { columns, headerY: bottom - 4, pieces: body, ended } : undefined;
}

/** A page's words minus page furniture, cut where the table ends (the excluded services list). */
function tableBody(page: PdfPage): { pieces: TextPiece[]; ended: boolean } {
  const lines = wordLines(page);
  const end = lines.find((line) => TABLE_END.test(line.text))?.y ?? Infinity;
  return { pieces: lines.filter((line) => line.y < end && !FURNITURE.test(line.text)).flatMap((line) => line.words), ended: end !== Infinity };
}

/** Where a table is on a page: its columns, the y its body starts below, and the words to read. */
interface Located {
  columns: Column[];
  headerY: number;
  pieces: TextPiece[];
  /** The table ends on this page: later pages continue it only under a header of their own. */
  ended?: boolean;
  /** The top of the table's header (the page's own header lines are above it). */
  headerTop?: number;
}

function tableLines(page: PdfPage, found: Located): Map<string, CellLine[]> {
  const body = found.pieces.filter((piece) => piece.y > found.headerY + 2);
  const byColumn = intoColumns(page, body, found.columns, COST_COLUMNS);
  for (const [name, lines] of byColumn)
    byColumn.set(
      name,
      lines.filter((line) => !FOOTER.test(line.text)),
    );
  return byColumn;
}

function rowsOf(
  pages: PdfPage[],
  locate: (page: PdfPage, previous: Located | undefined) => Located | undefined,
  labelStart: (text: string) => boolean,
  valueStart: (text: string, previous?: string) => boolean,
  labelsSplitOnGaps: boolean,
): TableRow[] {
  const columnLines = new Map<string, CellLine[]>();
  let previous: Located | undefined;
  for (const page of pages) {
    const found = locate(page, previous);
    if (!found) continue;
    previous = found;
    for (const [name, lines] of tableLines(page, found)) columnLines.set(name, [...(columnLines.get(name) ?? []), ...lines]);
  }
  const labelLines = columnLines.get('label') ?? [];
  const spacing = lineSpacing([...columnLines.values()]);
  const labels = splitCells(labelLines, labelsSplitOnGaps ? spacing : Infinity, labelStart);
  const rows = new Map<Cell, TableRow>(labels.map((label) => [label, { page: label.page, label: cellText(label), cells: {}, lines: {} }]));
  for (const [name, lines] of columnLines) {
    if (name === 'label' || name === 'event') continue;
    const paired = pairCells(labels, splitCells(lines, spacing, valueStart, labels), valueStart);
    for (const [label, cells] of paired) {
      rows.get(label)!.cells[name] = cells.map(cellText).join(' ');
      rows.get(label)!.lines[name] = cells.flatMap((cell) => cell.lines.map((line) => line.text));
    }
  }
  return [...rows.values()];
}

/**
 * The services table on a page: under its own header, or, on a page that continues the table
 * without repeating the header, in the previous page's columns when a template row is there.
 */
function servicesOn(page: PdfPage, previous: Located | undefined): Located | undefined {
  const own = serviceColumns(page);
  if (own || !previous || previous.ended) return own;
  const { pieces, ended } = tableBody(page);
  const labelColumn = previous.columns.find((column) => column.name === 'label');
  const labels = linesOf(
    page.number,
    pieces.filter((piece) => labelColumn && piece.x >= labelColumn.start - 2 && piece.x < labelColumn.start + 60),
  );
  if (!labels.some((line) => startsService(line.text))) return undefined;
  return { columns: previous.columns, headerY: -Infinity, pieces, ended };
}

/** The rows of the SBC's question table (page 1 and its continuation). */
export const questionRows = (pages: PdfPage[]): TableRow[] =>
  rowsOf(
    pages,
    questionColumns,
    (text) => QUESTION_START.test(text),
    (text, previous) => ANSWER_START.test(text) && !(previous !== undefined && ANSWER_OPEN.test(previous)),
    false,
  );

/** The rows of the SBC's services table, every page of it. */
export const serviceRows = (pages: PdfPage[]): TableRow[] => rowsOf(pages, servicesOn, startsService, startsValue, true).map(splitBothNetworks);

/**
 * A cost column headed for both networks ("In-Network / Out-of-Network") holds both costs in one
 * cell, "20% / 40% coinsurance" or "$25 copay / Not covered": split at the slash between them.
 */
function splitBothNetworks(row: TableRow): TableRow {
  const both = row.cells.both;
  if (both === undefined) return row;
  const split = /^(.*?\S)\s+\/\s+(\S.*)$/.exec(both);
  if (!split) return row;
  const outCost = split[2]!;
  let inCost = split[1]!;
  const sharedWord = /^\d+\s?%$/.test(inCost) ? /^\d+\s?%\s+(.*)$/.exec(outCost)?.[1] : undefined;
  if (sharedWord) inCost = `${inCost} ${sharedWord}`;
  return { ...row, cells: { ...row.cells, in: inCost, out: outCost } };
}

/** The first page's lines above the question table: carrier, plan name, coverage period, plan type. */
export function headerLines(pages: PdfPage[]): CellLine[] {
  const first = pages[0];
  if (!first) return [];
  const limit = questionColumns(first)?.headerTop ?? Infinity;
  return linesOf(
    first.number,
    first.pieces.filter((piece) => piece.y < limit - 2),
  );
}
