// The exhibit as a file to save: HTML (the document with its style sheet) or PDF.
import exhibitCss from '../../shared/exhibit/exhibit.css?raw';
import type { ExhibitDocument } from '../../shared/exhibit/document.js';
import { exhibitHtmlDocument } from '../../shared/exhibit/html.js';
import { exhibitPdf } from './exhibit-pdf.js';

export type ExhibitFormat = 'pdf' | 'html';

export async function exhibitFile(document: ExhibitDocument, format: ExhibitFormat): Promise<Uint8Array> {
  return format === 'pdf' ? exhibitPdf(document) : new TextEncoder().encode(exhibitHtmlDocument(document, exhibitCss));
}
