import type { ImportError, ImportedRow, ImportReport, ImportRequest } from '../../shared/import-table';
import { bridge } from '../bridge/bridge';

/** Rows per bridge call: each call is one slice of the sheet, so the screen can show progress between them. */
const SLICE_ROWS = 1000;

export interface ImportOutcome {
  created: number;
  skipped: number;
  rowsDetail: ImportedRow[];
  errors: ImportError[];
}

/**
 * Imports the previewed sheet with the matches as previewed, a slice of rows at a time; resolves
 * with every row's outcome, or rejects with the reason a slice could not be imported.
 */
export async function importSheet(request: ImportRequest, preview: ImportReport, onProgress: (done: number) => void): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, skipped: 0, rowsDetail: [], errors: [] };
  const last = preview.rowsDetail.at(-1)?.row ?? 0;
  for (let from = 1; from <= last; from += SLICE_ROWS) {
    const to = Math.min(last, from + SLICE_ROWS - 1);
    const answer = await bridge.runImport({ ...request, map: preview.mapping, rows: { from, to } });
    if (!answer.ok) throw new Error(answer.message);
    outcome.created += answer.report.created;
    outcome.skipped += answer.report.skipped;
    outcome.rowsDetail.push(...answer.report.rowsDetail);
    outcome.errors.push(...answer.report.errors);
    onProgress(to);
  }
  return outcome;
}
