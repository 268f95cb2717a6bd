/** Hands a file made in the main process to the browser's download (web mode) or Electron's save. */
export function saveFile(name: string, base64: string, type: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has its own copy once it starts; the address is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
