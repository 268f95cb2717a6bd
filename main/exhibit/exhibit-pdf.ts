// The exhibit as a PDF, drawn in plain Node with pdfkit from the same document model as the HTML:
// real text (searchable, copyable), the chart as vectors, the running head on every page.
import PDFDocument from 'pdfkit';
import { chartLayout, CHART_SERIES, type ChartTierInput } from '../../shared/plans/premium-chart.js';
import type { DocumentSection, DocumentTable, ExhibitDocument } from '../../shared/exhibit/document.js';
import { SERIES_COLOURS } from '../../shared/exhibit/html.js';
import { heightOf, registerFonts, write, type Weight } from './pdf-fonts.js';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 792, height: 612, left: 36, right: 36, top: 54, bottom: 40 };
const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
const BOTTOM = PAGE.height - PAGE.bottom;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#d9e0e7';
const CELL_PAD = 3;

/** Column widths (points) per table shape: first column text, the rest shared out. */
function columnWidths(table: DocumentTable): number[] {
  const textColumns = table.numeric.map((numeric, i) => !numeric || i === 0);
  if (table.kind === 'design') {
    return table.columns.length === 4 ? [230, 215, 215, CONTENT_WIDTH - 660] : [300, CONTENT_WIDTH - 300];
  }
  const fixed = textColumns.map((isText, i): number => (i === 0 ? 130 : isText ? 118 : table.columns[i] === 'Enrolled' ? 46 : 0));
  const flexible = fixed.filter((w) => w === 0).length;
  const share = (CONTENT_WIDTH - fixed.reduce((a, b) => a + b, 0)) / flexible;
  return fixed.map((w) => (w === 0 ? share : w));
}

function runningHead(doc: Doc, document: ExhibitDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = 24;
    doc.fontSize(8).fillColor(MUTED);
    write(doc, 'regular', document.runningHead, PAGE.left, y, { width: CONTENT_WIDTH - 80, lineBreak: false });
    write(doc, 'regular', `Page ${i + 1} of ${range.count}`, PAGE.width - PAGE.right - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc
      .moveTo(PAGE.left, y + 12)
      .lineTo(PAGE.width - PAGE.right, y + 12)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
}

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function rowHeight(doc: Doc, weight: Weight, cells: string[], widths: number[]): number {
  return Math.max(...cells.map((cell, i) => heightOf(doc, weight, cell, { width: widths[i]! - 2 * CELL_PAD }))) + 2 * CELL_PAD;
}

function drawRow(doc: Doc, weight: Weight, cells: string[], widths: number[], numeric: boolean[], height: number): void {
  let x = PAGE.left;
  const y = doc.y;
  cells.forEach((cell, i) => {
    write(doc, weight, cell, x + CELL_PAD, y + CELL_PAD, { width: widths[i]! - 2 * CELL_PAD, align: numeric[i] ? 'right' : 'left' });
    x += widths[i]!;
  });
  doc.y = y + height;
}

function drawTable(doc: Doc, table: DocumentTable): void {
  const widths = columnWidths(table);
  const header = () => {
    doc.fontSize(7.5);
    const height = rowHeight(doc, 'bold', table.columns, widths);
    doc.rect(PAGE.left, doc.y, CONTENT_WIDTH, height).fillColor('#eef2f6').fill();
    doc.fillColor(INK);
    drawRow(doc, 'bold', table.columns, widths, table.numeric, height);
  };
  doc.fontSize(9.5);
  ensureRoom(doc, 60);
  doc.fillColor(INK);
  write(doc, 'bold', table.caption, PAGE.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.2);
  header();
  for (const row of table.rows) {
    const weight: Weight = row.changed ? 'bold' : 'regular';
    doc.fontSize(8.5);
    const height = rowHeight(doc, weight, row.cells, widths);
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      header();
      doc.fontSize(8.5);
    }
    const top = doc.y;
    if (row.changed) {
      doc.rect(PAGE.left, top, CONTENT_WIDTH, height).fillColor('#fff6dd').fill();
      doc.rect(PAGE.left, top, 3, height).fillColor('#c27c0e').fill();
    }
    doc.fillColor(INK);
    drawRow(doc, weight, row.cells, widths, table.numeric, height);
    const ruleY = row.groupStart ? top : top + height;
    doc
      .moveTo(PAGE.left, ruleY)
      .lineTo(PAGE.left + CONTENT_WIDTH, ruleY)
      .lineWidth(row.groupStart ? 0.8 : 0.4)
      .strokeColor(row.groupStart ? '#9aa5b1' : RULE)
      .stroke();
  }
  doc.moveDown(0.8);
}

const CHART_SCALE = 0.75;

function drawChart(doc: Doc, caption: string, tiers: ChartTierInput[]): void {
  const chart = chartLayout(tiers);
  const height = chart.height * CHART_SCALE + 40;
  ensureRoom(doc, height);
  doc.fontSize(9.5).fillColor(INK);
  write(doc, 'bold', caption, PAGE.left, doc.y);
  const originX = PAGE.left;
  const originY = doc.y + 4;
  const x = (value: number) => originX + value * CHART_SCALE;
  const y = (value: number) => originY + value * CHART_SCALE;
  doc
    .moveTo(x(chart.margin), y(chart.zeroY))
    .lineTo(x(chart.width - chart.margin), y(chart.zeroY))
    .lineWidth(0.8)
    .strokeColor(MUTED)
    .stroke();
  doc.font('regular').fontSize(8);
  const label = (text: string, centerX: number, baselineY: number, colour: string) => {
    const width = 110;
    // pdfkit places text by its top; the layout gives SVG baselines.
    doc.fillColor(colour);
    write(doc, 'regular', text, x(centerX) - width / 2, y(baselineY) - 7, { width, align: 'center', lineBreak: false });
  };
  for (const tier of chart.tiers) {
    for (const bar of tier.bars) {
      if (bar.percent !== null)
        doc
          .rect(x(bar.x), y(bar.y), bar.width * CHART_SCALE, Math.max(bar.height * CHART_SCALE, 0.5))
          .fillColor(SERIES_COLOURS[bar.series])
          .fill();
      label(bar.text, bar.textX, bar.textY, bar.percent === null ? '#7b8794' : INK);
    }
    label(tier.label, tier.center, chart.tierLabelY, INK);
  }
  let legendX = originX;
  const legendY = originY + chart.height * CHART_SCALE + 6;
  for (const series of CHART_SERIES) {
    doc
      .rect(legendX, legendY + 1, 8, 8)
      .fillColor(SERIES_COLOURS[series.key])
      .fill();
    doc.fillColor(INK).text(series.name, legendX + 12, legendY, { lineBreak: false });
    legendX += 24 + doc.widthOfString(series.name);
  }
  doc.x = PAGE.left;
  doc.y = legendY + 20;
}

function drawSection(doc: Doc, section: DocumentSection, first: boolean): void {
  if (!first) doc.addPage();
  doc.fontSize(13).fillColor(INK);
  write(doc, 'bold', section.title, PAGE.left, doc.y, { width: CONTENT_WIDTH });
  doc.fontSize(9).fillColor('#3e4c59');
  write(doc, 'regular', section.subtitle, undefined, undefined, { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
  for (const table of section.tables) drawTable(doc, table);
  if (section.chart) drawChart(doc, section.chart.caption, section.chart.tiers);
}

/** The exhibit's PDF bytes. */
export function exhibitPdf(document: ExhibitDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    bufferPages: true,
    info: { Title: `${document.title}: ${document.employer}, ${document.planYear}`, Author: document.agency, Creator: 'PlanDesk' },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(11).fillColor('#2f6fb3');
  write(doc, 'bold', document.agency, PAGE.left, PAGE.top);
  doc.fontSize(18).fillColor(INK);
  write(doc, 'bold', `${document.title}: ${document.employer}`);
  doc.fontSize(10);
  write(doc, 'regular', `${document.planYear} · Prepared ${document.date}`);
  if (document.enrollment) write(doc, 'regular', document.enrollment);
  doc.moveDown(1);
  document.sections.forEach((section, index) => drawSection(doc, section, index === 0));
  doc.fontSize(8).fillColor(MUTED);
  ensureRoom(doc, 40);
  for (const note of document.notes) write(doc, 'regular', note, PAGE.left, doc.y, { width: CONTENT_WIDTH });
  runningHead(doc, document);
  doc.end();
  return done;
}
