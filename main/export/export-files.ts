import type { ExportFile, ExportFormat } from '../../shared/inspector.js';
import { exportCsvFiles } from './csv.js';
import type { WorkspaceExport } from './workspace-export.js';

/** The JSON export's file name when the window saves it; the command line writes it where it is told. */
const JSON_EXPORT_NAME = 'plandesk-export.json';

export function exportJsonText(data: WorkspaceExport): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

export function exportFiles(data: WorkspaceExport, format: ExportFormat): ExportFile[] {
  return format === 'json' ? [{ name: JSON_EXPORT_NAME, content: exportJsonText(data) }] : exportCsvFiles(data);
}
