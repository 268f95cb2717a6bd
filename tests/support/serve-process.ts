// A `plandesk serve` child, spawned for real (`node bin/plandesk.cjs serve`).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/plandesk.cjs', import.meta.url));

export interface ServeChild {
  url: string;
  child: ChildProcess;
  /** Everything the child wrote on standard error so far. */
  stderr(): string;
  /** Resolves with the exit code once the child has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** `plandesk serve --db FILE --port 0 ...extra`, once it prints its address. */
export function startServeChild(dbFile: string, extra: string[] = []): Promise<ServeChild> {
  const child = spawn(process.execPath, [BIN, 'serve', '--db', dbFile, '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = /^listening on (http:\/\/\S+)\n/.exec(stdout);
      if (line) {
        resolve({
          url: line[1]!,
          child,
          stderr: () => stderr,
          exited,
          stop: () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${stderr}`)));
  });
}
