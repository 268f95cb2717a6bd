// Files crossing between the window and the person: picked files go to main as base64 (they are
// read there, never here), and files made for the person are saved through a Blob link, which works
// the same in web mode and in the Electron window.

/** A picked file's bytes as base64, in slices: one spread of a large array would overflow the call stack. */
export async function fileAsBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const SLICE = 0x8000;
  for (let start = 0; start < bytes.length; start += SLICE) binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  return btoa(binary);
}

/** Offers content to save as the file `name`. */
export function saveAs(name: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; the address is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Offers base64 bytes made in the main process (a PDF, say) to save. */
export function saveBase64As(name: string, base64: string, type: string): void {
  saveAs(name, new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type }));
}
