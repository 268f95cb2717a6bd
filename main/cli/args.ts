import { stdin } from 'node:process';

/** A command line the operator got wrong: reported as one line, exit code 2. */
export class UsageError extends Error {
  constructor(
    readonly command: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs node:util parseArgs, turning its errors (unknown flag, missing value...) into UsageErrors. */
export function parseOrUsage<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Only the first sentence: parseArgs goes on about '--' and positionals, which rarely helps here.
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) throw new UsageError(command, firstSentence(oneLine((error as Error).message)));
    throw error;
  }
}

export function required(command: string, value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(command, `missing ${flag}`);
  return value;
}

export function noPositionals(command: string, positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(command, `unexpected argument "${positionals[0]}"`);
}

/** True when --help or -h comes before any `--`; checked before parsing so help always works. */
export function wantsHelp(args: string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

function firstSentence(text: string): string {
  const end = text.indexOf('. ');
  return end === -1 ? text : text.slice(0, end + 1);
}

export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** One line of output; waits for stdout to drain when its buffer is full, so output can stream. */
export async function writeLine(text: string): Promise<void> {
  if (!process.stdout.write(`${text}\n`)) {
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        process.stdout.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        process.stdout.off('drain', onDrain);
        reject(error);
      };
      process.stdout.once('drain', onDrain);
      process.stdout.once('error', onError);
    });
  }
}

export function writeError(text: string): void {
  process.stderr.write(`${text}\n`);
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
