import { closeSync, fstatSync, openSync, renameSync, writeSync } from 'node:fs';

const DEFAULT_ACCESS_LOG_BYTES = 10 * 1024 * 1024;
const KEPT_FILES = 3;

/**
 * An append-only log file that rotates by size: past `maxBytes` the file becomes FILE.1 (FILE.1
 * becomes FILE.2, ...; the oldest beyond FILE.3 is dropped) and a fresh FILE is started. Created
 * 0600: its lines name paths and client addresses.
 */
export class RotatingLog {
  private fd: number;
  private size: number;

  constructor(
    private readonly file: string,
    private readonly maxBytes = DEFAULT_ACCESS_LOG_BYTES,
  ) {
    this.fd = openSync(file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  readonly write = (line: string): void => {
    const text = Buffer.from(`${line}\n`);
    if (this.size > 0 && this.size + text.length > this.maxBytes) this.rotate();
    writeSync(this.fd, text);
    this.size += text.length;
  };

  close(): void {
    closeSync(this.fd);
  }

  private rotate(): void {
    closeSync(this.fd);
    for (let generation = KEPT_FILES - 1; generation >= 1; generation -= 1) {
      try {
        renameSync(`${this.file}.${generation}`, `${this.file}.${generation + 1}`);
      } catch {
        // That generation does not exist yet.
      }
    }
    renameSync(this.file, `${this.file}.1`);
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = 0;
  }
}
