// The desktop app's log file, so a packaged app's errors can be found: `plandesk.log` in the app's
// logs folder (Help > Open logs folder), rotated by size. What is written is composed by our code
// (an event, a bridge method's name, an error's message and stack), never a request's body or
// arguments; and anything shaped like a token is masked on the way in, in case an error quotes one.
// An error gets a short id, which the person sees in the message on screen.
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const LOG_FILE = 'plandesk.log';

export interface AppLogOptions {
  dir: string;
  /** The file is rotated once it reaches this size. */
  maxBytes?: number;
  /** Rotated files kept: plandesk.1.log (the newest) to plandesk.N.log. */
  keep?: number;
  now?: () => Date;
  /** Where every line also goes (the console in a development run). */
  echo?: (line: string) => void;
}

/** Ids a person can read out: 6 characters without 0/O or 1/I/L. */
const ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function errorId(): string {
  return [...randomBytes(6)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** Masks what could be a credential: an Authorization header's value, `Token x`, `Bearer x`, and a JSON "token" field. */
export function redact(text: string): string {
  return text
    .replace(/(authorization["']?\s*[:=]\s*["']?)[^"'\s,}]+(\s+[^"'\s,}]+)?/gi, '$1[redacted]')
    .replace(/\b(Token|Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/g, '$1 [redacted]')
    .replace(/("?(?:token|secret|password)"?\s*[:=]\s*)"[^"]*"/gi, '$1"[redacted]"');
}

export class AppLog {
  readonly file: string;
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly now: () => Date;

  constructor(private readonly options: AppLogOptions) {
    this.file = join(options.dir, LOG_FILE);
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
    this.keep = options.keep ?? 4;
    this.now = options.now ?? (() => new Date());
  }

  info(message: string): void {
    this.write('INFO', message);
  }

  warn(message: string): void {
    this.write('WARN', message);
  }

  /** Logs `what` went wrong with the error's message and stack; returns the id that names this line. */
  error(what: string, error: unknown): string {
    const id = errorId();
    const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    this.write('ERROR', `[${id}] ${what}: ${detail}`);
    return id;
  }

  /** The error as the person sees it: its message with the id of its line in the log. */
  reported(what: string, error: unknown): Error {
    const id = this.error(what, error);
    const message = error instanceof Error ? error.message : String(error);
    return new Error(`${message} (error ${id}, in the log)`);
  }

  private write(level: string, message: string): void {
    const line = `${this.now().toISOString()} ${level} ${redact(message).replace(/\n/g, '\n    ')}\n`;
    this.options.echo?.(line.trimEnd());
    try {
      mkdirSync(this.options.dir, { recursive: true });
      this.rotateIfFull();
      appendFileSync(this.file, line, { mode: 0o600 });
    } catch {
      // A log that cannot be written (a full or read-only disk) must not take the app down with it.
    }
  }

  private rotateIfFull(): void {
    if (!existsSync(this.file) || statSync(this.file).size < this.maxBytes) return;
    const rotated = (n: number) => join(this.options.dir, `plandesk.${n}.log`);
    rmSync(rotated(this.keep), { force: true });
    for (let n = this.keep - 1; n >= 1; n -= 1) if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1));
    renameSync(this.file, rotated(1));
  }
}
