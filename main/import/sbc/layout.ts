import type { PdfPage, TextPiece } from './pdf-text.js';

/** A line of one table column: its text and where it was printed. */
export interface CellLine {
  page: number;
  y: number;
  text: string;
}

/** A table column: its name and the x where it starts (the previous column ends there). */
export interface Column {
  name: string;
  start: number;
}

const SAME_LINE = 2.5;

function joinLine(pieces: TextPiece[]): string {
  let text = '';
  let right = -Infinity;
  for (const piece of pieces.sort((a, b) => a.x - b.x)) {
    const spaced = text !== '' && piece.x - right > piece.size * 0.12 && !text.endsWith(' ') && !piece.text.startsWith(' ');
    text += spaced ? ` ${piece.text}` : piece.text;
    right = Math.max(right, piece.x + piece.width);
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** Pieces printed on the same baseline, grouped, top to bottom. */
export function rowsOfPieces(pieces: TextPiece[]): TextPiece[][] {
  const rows: TextPiece[][] = [];
  for (const piece of [...pieces].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && Math.abs(piece.y - row[0]!.y) <= SAME_LINE) row.push(piece);
    else rows.push([piece]);
  }
  return rows;
}

/** Groups pieces printed on the same baseline into lines, top to bottom. */
export function linesOf(page: number, pieces: TextPiece[]): CellLine[] {
  return rowsOfPieces(pieces)
    .map((row) => ({ page, y: row[0]!.y, text: joinLine(row) }))
    .filter((line) => line.text !== '');
}

/**
 * Splits a page's words into table columns by where each word starts, then into lines per column.
 * After a column in `spanning`, the words of one text run, or set no further apart than the line's
 * usual space between words, stay in that column: a phrase that crosses a gutter there is a cell
 * spanning two columns, not the next column's start. A word at the next column's left edge (where
 * its lines usually start) starts that column all the same, unless the words before leave the
 * phrase open ("Coinsurance:", "then").
 */
export function intoColumns(page: PdfPage, pieces: TextPiece[], columns: Column[], spanning: ReadonlySet<string> = new Set()): Map<string, CellLine[]> {
  const ordered = [...columns].sort((a, b) => a.start - b.start);
  const byColumn = new Map<string, TextPiece[]>(ordered.map((column) => [column.name, []]));
  const columnOf = (piece: TextPiece): Column | undefined => ordered.filter((candidate) => candidate.start <= piece.x).at(-1);
  const rows = rowsOfPieces(pieces).map((row) => row.sort((a, b) => a.x - b.x));
  const edges = columnEdges(rows, columnOf);
  for (const row of rows) {
    const wordSpace = usualGap(row);
    let previous: { run: number | undefined; right: number; column: Column; text: string } | undefined;
    for (const piece of row) {
      const gap = previous === undefined ? Infinity : piece.x - previous.right;
      const sameRun = previous !== undefined && piece.run !== undefined && piece.run === previous.run;
      const closeEnough = gap > -1 && gap <= Math.min(wordSpace + 1, piece.size * 0.9);
      const open = previous !== undefined && OPEN_WORD.test(previous.text);
      const atEdge = !open && (edges.get(columnOf(piece)?.name ?? '')?.some((edge) => Math.abs(edge - piece.x) <= 0.2) ?? false);
      const phrase = previous !== undefined && spanning.has(previous.column.name) && !atEdge && (sameRun || closeEnough);
      const column = phrase ? previous!.column : columnOf(piece);
      if (column) byColumn.get(column.name)!.push(piece);
      previous = column ? { run: piece.run, right: piece.x + piece.width, column, text: piece.text } : undefined;
    }
  }
  return new Map([...byColumn].map(([name, columnPieces]) => [name, linesOf(page.number, columnPieces)]));
}

/** A word after which a phrase must go on. */
const OPEN_WORD = /[:,]$|^(and|or|per|then|after|pay|of|plus|with|to)$/i;

/** Each column's left edges: the x where at least three of its lines start, to the tenth of a point. */
function columnEdges(rows: TextPiece[][], columnOf: (piece: TextPiece) => Column | undefined): Map<string, number[]> {
  const counts = new Map<string, Map<number, number>>();
  for (const row of rows) {
    let previous: Column | undefined;
    for (const piece of row) {
      const column = columnOf(piece);
      if (column && column !== previous) {
        const byX = counts.get(column.name) ?? new Map<number, number>();
        const x = Math.round(piece.x * 10) / 10;
        byX.set(x, (byX.get(x) ?? 0) + 1);
        counts.set(column.name, byX);
      }
      previous = column;
    }
  }
  return new Map([...counts].map(([name, byX]) => [name, [...byX].filter(([, count]) => count >= 3).map(([x]) => x)]));
}

/** The usual space between two words of a line: the lower median of the gaps between its words. */
function usualGap(row: TextPiece[]): number {
  const gaps = row
    .slice(1)
    .map((piece, index) => piece.x - (row[index]!.x + row[index]!.width))
    .filter((gap) => gap > 0)
    .sort((a, b) => a - b);
  return gaps.length === 0 ? 0 : gaps[Math.floor((gaps.length - 1) / 2)]!;
}

/** A table cell: the lines of one column that belong to one row. */
export interface Cell {
  page: number;
  top: number;
  bottom: number;
  lines: CellLine[];
}

export const cellText = (cell: Cell): string =>
  cell.lines
    .map((line) => line.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

const center = (cell: Cell): number => (cell.top + cell.bottom) / 2;

function toCell(lines: CellLine[]): Cell {
  return { page: lines[0]!.page, top: lines[0]!.y, bottom: lines.at(-1)!.y, lines };
}

/** The usual distance between two lines of one cell, read from the document itself. */
export function lineSpacing(columns: CellLine[][]): number {
  const counts = new Map<number, number>();
  for (const lines of columns) {
    for (let i = 1; i < lines.length; i++) {
      const gap = Math.round(lines[i]!.y - lines[i - 1]!.y);
      if (lines[i]!.page === lines[i - 1]!.page && gap >= 6 && gap <= 30) counts.set(gap, (counts.get(gap) ?? 0) + 1);
    }
  }
  let best = 12;
  let bestCount = 0;
  for (const [gap, count] of counts) if (count > bestCount || (count === bestCount && gap < best)) [best, bestCount] = [gap, count];
  return best;
}

/**
 * Groups a column's lines into cells: a new cell starts after a gap wider than one line, on a new
 * page, level with the first line of a row's label (`rowTops`), or at a line `startsCell`
 * recognises (a row label's first words, a new amount).
 */
export function splitCells(lines: CellLine[], spacing: number, startsCell: (text: string, previous: string) => boolean, rowTops: Cell[] = []): Cell[] {
  const cells: CellLine[][] = [];
  for (const line of lines) {
    const current = cells.at(-1);
    const previous = current?.at(-1);
    const gapped = !previous || previous.page !== line.page || line.y - previous.y > spacing * 1.3;
    const alignedWithRow = rowTops.some((row) => row.page === line.page && Math.abs(row.top - line.y) <= 1.5);
    if (gapped || alignedWithRow || startsCell(line.text, previous.text)) cells.push([line]);
    else current!.push(line);
  }
  return cells.map(toCell);
}

const overlap = (a: Cell, b: Cell): number => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);

/** The label sharing the most printed lines with the value cell, else the one whose centre is nearest. */
function closestLabel(labels: Cell[], value: Cell): Cell {
  let best = labels[0]!;
  for (const label of labels) {
    const better = overlap(label, value) - overlap(best, value) || Math.abs(center(best) - center(value)) - Math.abs(center(label) - center(value));
    if (better > 0) best = label;
  }
  return best;
}

/**
 * Gives each value cell to the row label it lines up with on the same page (see closestLabel), so
 * top-aligned and vertically centred tables both pair up. A value cell above a page's first label
 * that does not start a value continues the previous page's last row (a cell split by a page break).
 */
export function pairCells(labels: Cell[], values: Cell[], startsValue: (text: string) => boolean): Map<Cell, Cell[]> {
  const paired = new Map<Cell, Cell[]>(labels.map((label) => [label, []]));
  for (const value of values) {
    const onPage = labels.filter((label) => label.page === value.page);
    const firstOnPage = onPage[0];
    const previousPage = labels.filter((label) => label.page < value.page).at(-1);
    if (previousPage && (!firstOnPage || (value.bottom < firstOnPage.top && !startsValue(cellText(value))))) {
      paired.get(previousPage)!.push(value);
      continue;
    }
    if (!firstOnPage) continue;
    paired.get(closestLabel(onPage, value))!.push(value);
  }
  for (let index = 0; index + 1 < labels.length; index++) handOnStrayValue(paired, labels[index]!, labels[index + 1]!, startsValue);
  return paired;
}

/**
 * A row whose label is centred in a tall row while its values print at the row's top leaves those
 * values nearer the row above. When a label has two values and the next label on its page none,
 * the later value, printed between the two labels, is the next label's.
 */
function handOnStrayValue(paired: Map<Cell, Cell[]>, label: Cell, next: Cell, startsValue: (text: string) => boolean): void {
  const cells = paired.get(label)!;
  const starts = (list: Cell[]): Cell[] => list.filter((cell) => startsValue(cellText(cell)));
  if (next.page !== label.page || starts(cells).length < 2 || starts(paired.get(next)!).length > 0) return;
  const stray = starts(cells)
    .filter((cell) => cell.top > label.bottom && cell.bottom < next.top)
    .at(-1);
  if (!stray) return;
  const moved = cells.filter((cell) => cell.page === stray.page && cell.top >= stray.top);
  paired.set(
    label,
    cells.filter((cell) => !moved.includes(cell)),
  );
  paired.set(
    next,
    [...moved, ...paired.get(next)!].sort((a, b) => a.top - b.top),
  );
}
