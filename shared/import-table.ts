// The spreadsheet import as the CLI and the window see it. Pure types, constants and the bridge's argument schema.
import { z } from 'zod';
import { BENEFITS, type Benefit } from './plans/benefits.js';
import { UUID_PATTERN } from './validation/uuid.js';

/** What a sheet holds: employers, or plans of one kind. */
export type ImportKind = 'employers' | Benefit;

export const IMPORT_KINDS: readonly ImportKind[] = ['employers', ...BENEFITS];

export function isImportKind(text: string): text is ImportKind {
  return (IMPORT_KINDS as readonly string[]).includes(text);
}

/** One problem of one row; `row` counts data rows from 1 (the header and blank lines are not data rows). */
export interface ImportError {
  row: number;
  /** The sheet's column the value came from; '' when the field has no column. */
  column: string;
  field: string;
  message: string;
}

/** The command line's answer, also the totals the window shows. */
interface ImportSummary {
  rows: number;
  /** Records created (with a dry run: records that would be). */
  created: number;
  /** Rows already there: an employer of the same name, a plan of the same employer, title and start date. */
  skipped: number;
  errors: ImportError[];
}

/** Column name → field name, or null for a column left out. */
export type ColumnMapping = Record<string, string | null>;

export interface ImportRequest {
  /** The file's name: its extension says how to read it (.csv or .xlsx). */
  fileName: string;
  /** The file's bytes, base64-encoded (the bridge carries JSON). */
  data: string;
  kind: ImportKind;
  /** A sheet of an .xlsx file; the first when absent. */
  sheet?: string;
  /** Matches chosen by the person, over the remembered and the automatic ones. */
  map?: ColumnMapping;
  /** Plans only: the employer of rows that name none (an import started from the employer's page). */
  employer?: string;
}

/** Data rows `from` to `to` (both included), counted as `ImportError.row` counts them. */
export interface RowRange {
  from: number;
  to: number;
}

/** The bridge's answer: the report, or why the file could not be read or the matches not applied. */
export type ImportAnswer = { ok: true; report: ImportReport } | { ok: false; message: string };

/** Files the window may send: 20 MiB, base64-encoded. */
const MAX_BASE64_LENGTH = Math.ceil((20 * 1024 * 1024) / 3) * 4;

/** A bridge call's import request, as the main process checks it. */
export const importRequestSchema = z
  .object({
    fileName: z.string().min(1).max(255),
    data: z.base64().max(MAX_BASE64_LENGTH),
    kind: z.enum(IMPORT_KINDS as [ImportKind, ...ImportKind[]]),
    sheet: z.string().min(1).max(255).optional(),
    map: z.record(z.string().max(1000), z.string().max(100).nullable()).optional(),
    employer: z.string().regex(UUID_PATTERN).optional(),
    rows: z
      .object({ from: z.int().min(1), to: z.int().min(1) })
      .refine((range) => range.from <= range.to)
      .optional(),
  })
  .strict();

export type RowStatus = 'create' | 'created' | 'skipped' | 'rejected';

export interface ImportedRow {
  row: number;
  cells: string[];
  status: RowStatus;
  /** Why a row was skipped: the record already there. */
  note?: string;
}

/** Everything the import screen shows: the sheet, how its columns matched, every row and its outcome. */
export interface ImportReport extends ImportSummary {
  fileName: string;
  sheets: string[];
  sheet: string;
  headers: string[];
  mapping: ColumnMapping;
  /** The fields a column may be matched to, with the forms' labels. */
  fields: { name: string; label: string }[];
  rowsDetail: ImportedRow[];
  dryRun: boolean;
}
