// The exhibit as HTML: the markup the app shows on screen (styled by exhibit.css) and, wrapped in a
// whole document with that style sheet, the .html file the command line writes. Classes only, no
// inline styles (the app's content security policy allows none).
import { CHART_SERIES, chartLayout, type ChartTierInput } from '../plans/premium-chart.js';
import type { DocumentSection, DocumentTable, ExhibitDocument } from './document.js';

/** Bar colours, also used by the PDF. */
export const SERIES_COLOURS = { gross: '#2f6fb3', ee: '#c27c0e' } as const;

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const n = (value: number) => String(Math.round(value * 100) / 100);

function tableMarkup(table: DocumentTable): string {
  const align = (i: number) => (table.numeric[i] ? ' class="exhibit-num"' : '');
  const head = table.columns.map((column, i) => `<th scope="col"${align(i)}>${escapeHtml(column)}</th>`).join('');
  const rows = table.rows.map((row) => {
    const classes = [row.changed ? 'exhibit-row--changed' : '', row.groupStart ? 'exhibit-row--group' : ''].filter(Boolean).join(' ');
    // A tier's name heads its first row only; the rows under it continue the group.
    const cells = row.cells
      .map((cell, i) => (i === 0 && cell !== '' ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td${align(i)}>${escapeHtml(cell)}</td>`))
      .join('');
    return `<tr${classes ? ` class="${classes}"` : ''}>${cells}</tr>`;
  });
  return `<table class="exhibit-table"><caption>${escapeHtml(table.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function chartMarkup(caption: string, tiers: ChartTierInput[]): string {
  const chart = chartLayout(tiers);
  const groups = chart.tiers.map((tier) => {
    const bars = tier.bars.map(
      (bar) =>
        (bar.percent === null
          ? ''
          : `<rect x="${n(bar.x)}" y="${n(bar.y)}" width="${n(bar.width)}" height="${n(bar.height)}" fill="${SERIES_COLOURS[bar.series]}"/>`) +
        `<text x="${n(bar.textX)}" y="${n(bar.textY)}" text-anchor="middle">${escapeHtml(bar.text)}</text>`,
    );
    return `<g>${bars.join('')}<text x="${n(tier.center)}" y="${n(chart.tierLabelY)}" text-anchor="middle">${escapeHtml(tier.label)}</text></g>`;
  });
  const legend = CHART_SERIES.map((series) => `<li><span class="exhibit-swatch exhibit-swatch--${series.key}"></span>${escapeHtml(series.name)}</li>`).join('');
  return (
    `<figure class="exhibit-chart"><figcaption>${escapeHtml(caption)}</figcaption>` +
    `<svg viewBox="0 0 ${chart.width} ${chart.height}" role="img" aria-label="${escapeHtml(caption)}">` +
    `<line x1="${chart.margin}" x2="${chart.width - chart.margin}" y1="${n(chart.zeroY)}" y2="${n(chart.zeroY)}" stroke="#52606d"/>${groups.join('')}</svg>` +
    `<ul class="exhibit-legend">${legend}</ul></figure>`
  );
}

function sectionMarkup(section: DocumentSection): string {
  return (
    `<section class="exhibit-section"><h2>${escapeHtml(section.title)}</h2><p class="exhibit-subtitle">${escapeHtml(section.subtitle)}</p>` +
    section.tables.map(tableMarkup).join('') +
    (section.chart ? chartMarkup(section.chart.caption, section.chart.tiers) : '') +
    '</section>'
  );
}

/**
 * The exhibit's markup, one element: what the app puts on screen. The running head sits in a
 * layout table's header row, which Chromium repeats at the top of every printed page.
 */
export function exhibitMarkup(doc: ExhibitDocument): string {
  return (
    `<article class="exhibit"><table class="exhibit-pages" role="presentation">` +
    `<thead><tr><td><p class="exhibit-running">${escapeHtml(doc.runningHead)}</p></td></tr></thead><tbody><tr><td>` +
    `<header class="exhibit-header"><p class="exhibit-agency">${escapeHtml(doc.agency)}</p><h1>${escapeHtml(doc.title)}: ${escapeHtml(doc.employer)}</h1>` +
    `<p>${escapeHtml(doc.planYear)} · Prepared ${escapeHtml(doc.date)}</p>${doc.enrollment ? `<p>${escapeHtml(doc.enrollment)}</p>` : ''}</header>` +
    doc.sections.map(sectionMarkup).join('') +
    `<footer class="exhibit-notes">${doc.notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('')}</footer>` +
    `</td></tr></tbody></table></article>`
  );
}

/** A standalone HTML file: the markup with the exhibit's style sheet, printable as it is. */
export function exhibitHtmlDocument(doc: ExhibitDocument, css: string): string {
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`${doc.title}: ${doc.employer}, ${doc.planYear}`)}</title>` +
    `<style>\n${css}</style></head><body>${exhibitMarkup(doc)}</body></html>\n`
  );
}
