import type { ExportFile } from '../../../shared/inspector';
import { saveAs } from '../../app/files';

const typeOf = (name: string) => (name.endsWith('.csv') ? 'text/csv' : 'application/json');

/** Offers each exported file to save. */
export function downloadFiles(files: readonly ExportFile[]): void {
  for (const file of files) saveAs(file.name, new Blob([file.content], { type: `${typeOf(file.name)};charset=utf-8` }));
}
