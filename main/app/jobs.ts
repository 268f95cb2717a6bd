// The jobs the app runs in its worker thread (job-worker.ts), by name. None opens the workspace for
// writing or shares a connection with the main thread: the checks read the file on a read-only
// connection (or a copy in memory) of their own. Each job's code (pdf.js, pdfkit, the sheet
// readers, better-sqlite3) loads when that job first runs, so the start-up check waits for none of
// the others'.
import type { RowRange } from '../../shared/import-table.js';
import type { ExhibitDocument } from '../../shared/exhibit/document.js';
import type { SheetInRows } from '../import/table/sheet-in-rows.js';

/** A file to import, to read into the rows of one sheet. */
export interface SheetJob {
  fileName: string;
  bytes: Uint8Array;
  sheet: string | undefined;
  rows: RowRange | undefined;
}
/** The sheet's rows, or why the person has to fix the file (answered, not thrown: an error loses its class between threads). */
type SheetJobAnswer = { ok: true; sheet: SheetInRows } | { ok: false; message: string };

async function readSheet(job: SheetJob): Promise<SheetJobAnswer> {
  const [{ readSheetInRows }, { ImportInputError }] = await Promise.all([
    import('../import/table/read-sheet.js'),
    import('../import/table/import-input-error.js'),
  ]);
  try {
    return { ok: true, sheet: await readSheetInRows(job.fileName, job.bytes, job.sheet, job.rows) };
  } catch (error) {
    if (error instanceof ImportInputError) return { ok: false, message: error.message };
    throw error;
  }
}

export const JOBS = {
  /** An SBC PDF (base64) read into a medical plan: 200 with the reading, 422 with why it was refused. */
  readSbc: async (pdfBase64: string) => (await import('../import/sbc/read-sbc-file.js')).readSbcFile(pdfBase64),
  readSheet,
  /** The exhibit's PDF, base64-encoded. */
  exhibitPdf: async (document: ExhibitDocument) => (await (await import('../exhibit/exhibit-pdf.js')).exhibitPdf(document)).toString('base64'),
  /** The open's damage check of the workspace database, made ahead of the open. */
  damageCheck: async (file: string) => (await import('../workspace/check.js')).passesDamageCheck(file),
  /** A backup's copy of the workspace database file, read on a read-only connection of the thread's own, with no token. */
  copyForBackup: async (file: string, partial: string) => (await import('../workspace/backup-copy.js')).copyDatabaseFile(file, partial),
  /** The start-up check (integrity, foreign keys, schema, sync queue), as `plandesk check`. */
  checkWorkspace: async (dir: string) => (await import('../workspace/check.js')).checkWorkspace(dir),
};
