// Draws a synthetic SBC with pdf-lib: page 1's header and question table, then the services table
// over as many pages as it takes, in a given layout. Text is wrapped to each column by the font's
// own widths; '\n' forces a line break and '\u0001' splits a line into separate text runs.
import { crc32, deflateSync } from 'node:zlib';
import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';

export interface QuestionRow {
  question: string;
  /** The answer as text, or as a small grid (rows of cells) laid out inside the answer column. */
  answer: string | string[][];
}

export interface ServiceRow {
  /** The common medical event, on the first row of its group only. */
  event?: string;
  label: string;
  /** One cell per cost column; a cell of `span` joins the next column's space ("spans two columns"). */
  costs: (string | { span: string })[];
  limits: string;
}

export interface SbcDocument {
  header: string[];
  /** The paragraph between the header and the question table (2017+ editions), wrapped to the page. */
  intro?: string;
  /** Each question's "Why this matters" text. */
  why: string;
  questions: QuestionRow[];
  /** The line over every cost column ("What You Will Pay"), if the edition prints one. */
  costsTitle?: string;
  costHeaders: string[];
  limitsHeader: string;
  rows: ServiceRow[];
  footer: string;
}

export interface Layout {
  landscape: boolean;
  font: 'Helvetica' | 'TimesRoman' | 'Courier';
  size: number;
  leading: number;
  valign: 'top' | 'center';
  rowGap: number;
  repeatHeader: boolean;
  /** Column widths as shares: event, label, each cost column, limits. */
  shares: number[];
  /** Points left blank between two columns. */
  gutter: number;
  /** "Important" and "Questions" printed on two lines. */
  splitQuestionHeader: boolean;
  /** A row that does not fit the page is cut by the break instead of moved whole to the next page. */
  splitRows: boolean;
  /** Turn the services pages by their /Rotate entry. */
  rotate: 0 | 90 | 270;
  /** Put a page that is only a picture (no text layer) after page 1. */
  imagePage: boolean;
  /** The footer printed right under the last row instead of at the page's foot. */
  footerJoined: boolean;
  /** Gap between rows of the limitations column shrunk to almost nothing. */
  tightNotes: boolean;
  /** The SBC's title and coverage period printed again at the top of every services page. */
  pageHeader: boolean;
}

const MARGIN = 30;
const RUN_BREAK = '\u0001';
const FONTS = { Helvetica: StandardFonts.Helvetica, TimesRoman: StandardFonts.TimesRoman, Courier: StandardFonts.Courier };

class Writer {
  page!: PDFPage;
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly layout: Layout,
  ) {}

  get width(): number {
    return this.layout.landscape ? 792 : 612;
  }

  get height(): number {
    return this.layout.landscape ? 612 : 792;
  }

  get lineHeight(): number {
    return this.layout.size * this.layout.leading;
  }

  newPage(): void {
    this.page = this.pdf.addPage([this.width, this.height]);
  }

  /** Wraps text to a width; '\n' forces a break. */
  wrap(text: string, width: number, size = this.layout.size): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (line !== '' && this.font.widthOfTextAtSize(candidate.split(RUN_BREAK).join(''), size) > width) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws one line at a top offset (points from the top); '\u0001' separates text runs. */
  line(text: string, x: number, top: number, size = this.layout.size): void {
    let left = x;
    for (const run of text.split(RUN_BREAK)) {
      if (run !== '') this.page.drawText(run, { x: left, y: this.height - top - size, size, font: this.font });
      left += this.font.widthOfTextAtSize(run, size);
    }
  }

  lines(lines: string[], x: number, top: number): void {
    lines.forEach((text, index) => this.line(text, x, top + index * this.lineHeight));
  }
}

/** Column left edges and widths across the usable page width. */
function columnsOf(writer: Writer, shares: number[]): { x: number; width: number }[] {
  const total = shares.reduce((sum, share) => sum + share, 0);
  const usable = writer.width - 2 * MARGIN;
  let x = MARGIN;
  return shares.map((share) => {
    const width = (usable * share) / total;
    const column = { x, width: width - writer.layout.gutter };
    x += width;
    return column;
  });
}

function drawFirstPage(writer: Writer, document: SbcDocument): void {
  writer.newPage();
  let top = MARGIN;
  for (const text of document.header) {
    writer.line(text, MARGIN, top, writer.layout.size + 1);
    top += (writer.layout.size + 1) * 1.5;
  }
  if (document.intro) {
    const lines = writer.wrap(document.intro, writer.width - 2 * MARGIN);
    writer.lines(lines, MARGIN, top);
    top += lines.length * writer.lineHeight;
  }
  top += 8;
  const [question, answer, why] = columnsOf(writer, [2, 3, 3]);
  const drawHeader = (): void => {
    if (writer.layout.splitQuestionHeader) {
      writer.line('Important', question!.x, top);
      writer.line('Questions', question!.x, top + writer.lineHeight);
    } else writer.line('Important Questions', question!.x, top);
    writer.line('Answers', answer!.x, top);
    writer.line('Why This Matters:', why!.x, top);
    top += writer.lineHeight * (writer.layout.splitQuestionHeader ? 2.6 : 1.6);
  };
  drawHeader();
  for (const row of document.questions) {
    const questionLines = writer.wrap(row.question, question!.width);
    const grid = typeof row.answer === 'string' ? undefined : row.answer;
    const answerLines = grid ? grid.map(() => '') : writer.wrap(row.answer as string, answer!.width);
    const whyLines = writer.wrap(document.why, why!.width);
    const height = Math.max(questionLines.length, answerLines.length, whyLines.length) * writer.lineHeight;
    if (top + height > writer.height - MARGIN - 30) {
      // The table goes on over the page, under its header again (as the template prints it).
      writer.newPage();
      top = MARGIN + 10;
      drawHeader();
    }
    const offset = (lines: number): number => (writer.layout.valign === 'center' ? (height - lines * writer.lineHeight) / 2 : 0);
    writer.lines(questionLines, question!.x, top + offset(questionLines.length));
    if (grid)
      grid.forEach((cells, line) =>
        cells.forEach((cell, index) => writer.line(cell, answer!.x + (index * answer!.width) / cells.length, top + line * writer.lineHeight)),
      );
    else writer.lines(answerLines, answer!.x, top + offset(answerLines.length));
    writer.lines(whyLines, why!.x, top + offset(whyLines.length));
    top += height + writer.layout.rowGap + 4;
  }
}

/** Draws the services table's header; returns the top offset under it. */
function drawServicesHeader(writer: Writer, document: SbcDocument, columns: { x: number; width: number }[]): number {
  let top = MARGIN + 10;
  const costs = columns.slice(2, -1);
  if (document.costsTitle) {
    const left = costs[0]!.x;
    const right = costs.at(-1)!.x + costs.at(-1)!.width;
    const width = writer.font.widthOfTextAtSize(document.costsTitle, writer.layout.size);
    writer.line(document.costsTitle, (left + right - width) / 2, top);
    top += writer.lineHeight * 1.3;
  }
  const cells = [['Common Medical Event'], ['Services You May Need'], ...document.costHeaders.map((text) => [text]), [document.limitsHeader]];
  const wrapped = cells.map(([text], index) => writer.wrap(text!, columns[index]!.width));
  wrapped.forEach((lines, index) => writer.lines(lines, columns[index]!.x, top));
  return top + Math.max(...wrapped.map((lines) => lines.length)) * writer.lineHeight + 10;
}

function drawServicePages(writer: Writer, document: SbcDocument): void {
  const layout = writer.layout;
  const newPage = (): void => {
    writer.newPage();
    if (layout.pageHeader) {
      writer.line(document.header[0]!, MARGIN, 8);
      writer.line(document.header[2]!, writer.width - MARGIN - writer.font.widthOfTextAtSize(document.header[2]!, layout.size), 8 + writer.lineHeight);
    }
  };
  newPage();
  const columns = columnsOf(writer, layout.shares);
  let top = drawServicesHeader(writer, document, columns);
  const bottom = writer.height - MARGIN - 30;
  const footer = (at: number): void => writer.line(document.footer, layout.footerJoined ? columns[1]!.x : MARGIN, at);
  let lastBottom = top;
  for (const row of document.rows) {
    const cellLines = [row.event ?? '', row.label, ...row.costs.map((cost) => (typeof cost === 'string' ? cost : cost.span)), row.limits].map((text, index) => {
      const spans = typeof row.costs[index - 2] === 'object';
      const width = spans ? columns[index]!.width + columns[index + 1]!.width : columns[index]!.width;
      return text === '' ? [] : writer.wrap(text, width);
    });
    const height = Math.max(...cellLines.slice(1).map((lines) => lines.length)) * writer.lineHeight;
    const room = Math.floor((bottom - top) / writer.lineHeight);
    if (top + height > bottom && layout.splitRows && room >= 2) {
      // The row is cut by the page break: its cells' first lines here, the rest atop the next page.
      cellLines.forEach((lines, index) => writer.lines(lines.slice(0, room), columns[index]!.x, top));
      footer(writer.height - MARGIN - 10);
      newPage();
      top = layout.repeatHeader ? drawServicesHeader(writer, document, columns) : MARGIN + 10;
      const rest = cellLines.map((lines) => lines.slice(room));
      rest.forEach((lines, index) => writer.lines(lines, columns[index]!.x, top));
      const restHeight = Math.max(...rest.map((lines) => lines.length)) * writer.lineHeight;
      lastBottom = top + restHeight;
      top += restHeight + layout.rowGap + 4;
      continue;
    }
    if (top + height > bottom) {
      footer(layout.footerJoined ? lastBottom + writer.lineHeight * 0.3 : writer.height - MARGIN - 10);
      newPage();
      top = layout.repeatHeader ? drawServicesHeader(writer, document, columns) : MARGIN + 10;
    }
    cellLines.forEach((lines, index) => {
      const offset = layout.valign === 'center' ? (height - lines.length * writer.lineHeight) / 2 : 0;
      writer.lines(lines, columns[index]!.x, top + offset);
    });
    lastBottom = top + height;
    top += height + (layout.tightNotes ? 1 : layout.rowGap + 4);
  }
  footer(layout.footerJoined ? lastBottom + writer.lineHeight * 0.3 : writer.height - MARGIN - 10);
}

/** A small grey gradient as PNG bytes: a page that is a picture, with no text layer. */
function grayPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = (x * 4 + y * 2) % 256;
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** The PDF of one or more SBCs, one after the other (each page count starting again from 1). */
export async function renderSbcs(documents: SbcDocument[], layout: Layout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const writer = new Writer(pdf, await pdf.embedFont(FONTS[layout.font]), layout);
  for (const document of documents) {
    const firstPage = pdf.getPageCount();
    drawFirstPage(writer, document);
    const firstServicePage = pdf.getPageCount();
    let picture: PDFPage | undefined;
    if (layout.imagePage) {
      writer.newPage();
      picture = writer.page;
      const image = await pdf.embedPng(grayPng(64, 48));
      writer.page.drawImage(image, { x: MARGIN, y: MARGIN, width: writer.width - 2 * MARGIN, height: writer.height - 2 * MARGIN });
    }
    drawServicePages(writer, document);
    const pages = pdf.getPages().slice(firstPage);
    pages.forEach((page, index) => {
      if (page === picture) return;
      writer.page = page;
      const number = `Page ${index + 1} of ${pages.length}`;
      writer.line(number, writer.width - MARGIN - writer.font.widthOfTextAtSize(number, layout.size), writer.height - MARGIN + 8);
    });
    if (layout.rotate !== 0) for (const page of pdf.getPages().slice(firstServicePage)) page.setRotation(degrees(layout.rotate));
  }
  return await pdf.save();
}
