import type { ExportFile } from '../../../shared/inspector';

const typeOf = (name: string) => (name.endsWith('.csv') ? 'text/csv' : 'application/json');

/** Saves files the way a browser does, through a Blob link; the same works in the Electron window. */
export function downloadFiles(files: readonly ExportFile[]): void {
  for (const file of files) {
    const url = URL.createObjectURL(new Blob([file.content], { type: `${typeOf(file.name)};charset=utf-8` }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has started the download; the object URL can go once the event loop has moved on.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
