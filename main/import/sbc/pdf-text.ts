import { getDocumentProxy } from 'unpdf';
import { normalizeRun } from './normalize.js';

/** One run of text on a page, in upright reading coordinates: x to the right, y downwards, in points. */
export interface TextPiece {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  /** The text run a word was split from (words of one run print as one phrase). */
  run?: number;
}

export interface PdfPage {
  number: number;
  pieces: TextPiece[];
}

/** A run split at its spaces, each word placed in proportion to its characters (runs are set in one font). */
function wordsOf(piece: TextPiece, run: number): TextPiece[] {
  const perChar = piece.width / Math.max(piece.text.length, 1);
  const words: TextPiece[] = [];
  for (const match of piece.text.matchAll(/\S+/g)) {
    words.push({ text: match[0], x: piece.x + match.index * perChar, y: piece.y, width: match[0].length * perChar, size: piece.size, run });
  }
  return words;
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** The angle (a multiple of 90°) most of the page's text runs at, so sideways pages read upright. */
function dominantQuarterTurn(angles: number[]): number {
  const votes = [0, 0, 0, 0];
  for (const angle of angles) votes[((Math.round(angle / (Math.PI / 2)) % 4) + 4) % 4]! += 1;
  return votes.indexOf(Math.max(...votes));
}

/** Rotates a point by `quarterTurns` × 90° clockwise (in y-down coordinates) back to upright. */
function unrotate(x: number, y: number, quarterTurns: number): [number, number] {
  switch (quarterTurns) {
    case 1:
      return [y, -x];
    case 2:
      return [-x, -y];
    case 3:
      return [-y, x];
    default:
      return [x, y];
  }
}

/**
 * The text of every page with positions. Pages rotated by their /Rotate entry and pages whose text
 * is set sideways both come out upright, so the layout reader sees rows and columns as printed.
 * Each run's text is normalised (normalizeRun) and split into words, each placed where it prints.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfPage[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const placed: { text: string; x: number; y: number; width: number; size: number; angle: number }[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const text = normalizeRun(item.str);
        if (text.trim() === '') continue;
        const m = multiply(viewport.transform as Matrix, item.transform as Matrix);
        const size = Math.hypot(m[2], m[3]);
        placed.push({ text, x: m[4], y: m[5], width: item.width, size, angle: Math.atan2(m[1], m[0]) });
      }
      const turns = dominantQuarterTurn(placed.map((p) => p.angle));
      const pieces = placed.map(({ text, x, y, width, size }) => {
        const [ux, uy] = unrotate(x, y, turns);
        return { text, x: ux, y: uy, width, size };
      });
      pages.push({ number, pieces: pieces.flatMap((piece, run) => wordsOf(piece, run)) });
      page.cleanup();
    }
    return pages;
  } finally {
    // pdf.js 6 dropped PDFDocumentProxy.destroy(); its loading task frees the document and worker.
    await pdf.loadingTask.destroy();
  }
}
