import type { ExportFile } from '../../shared/inspector.js';
import { BENEFITS } from '../../shared/plans/index.js';
import type { ApiRecord, WorkspaceExport } from './workspace-export.js';

/**
 * The export as CSV files (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or
 * line break): `employers.csv`, and `plans-KIND.csv` for each kind that has plans. A header row of
 * field names, one row per record; lists joined by `;` (an employer's plan references as
 * `benefit:id`); null as an empty cell. A kind without records gives an empty file.
 */
export function exportCsvFiles(data: WorkspaceExport): ExportFile[] {
  const files = [{ name: 'employers.csv', content: csvTable(data.employers) }];
  for (const benefit of BENEFITS) {
    if (data.plans[benefit].length > 0) files.push({ name: `plans-${benefit}.csv`, content: csvTable(data.plans[benefit]) });
  }
  return files;
}

/** No records, no header: an empty file. */
function csvTable(records: ApiRecord[]): string {
  if (records.length === 0) return '';
  const fields: string[] = [];
  for (const record of records) for (const field of Object.keys(record)) if (!fields.includes(field)) fields.push(field);
  const rows = [fields, ...records.map((record) => fields.map((field) => cellText(record[field])))];
  return rows.map((row) => row.map(quoted).join(',')).join('\r\n') + '\r\n';
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' && item !== null ? Object.values(item).join(':') : cellText(item))).join(';');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
