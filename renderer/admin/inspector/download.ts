import type { ExportFile } from '../../../shared/inspector';
import { saveAs } from '../../app/files';
import { zipOf } from '../../app/zip';

const typeOf = (name: string) => (name.endsWith('.csv') ? 'text/csv' : 'application/json');

/**
 * Offers the exported files to save as one download: a single file as itself, several (the CSV
 * export's file per table) in one .zip named `zipName`. Answers what was offered, to confirm it.
 */
export function downloadFiles(files: readonly ExportFile[], zipName = 'plandesk-export.zip'): string {
  if (files.length === 1) {
    const [file] = files as [ExportFile];
    saveAs(file.name, new Blob([file.content], { type: `${typeOf(file.name)};charset=utf-8` }));
    return `Saved ${file.name} to your downloads.`;
  }
  saveAs(zipName, zipOf(files));
  return `Saved ${zipName} to your downloads: ${files.map((file) => file.name).join(', ')}.`;
}
