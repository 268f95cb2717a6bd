// The spreadsheet import as the CLI and the window see it. Pure types and constants.
import { BENEFITS, type Benefit } from './plans/benefits.js';

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
export interface ImportSummary {
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
}

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
