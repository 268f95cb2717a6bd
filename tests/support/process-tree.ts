// A command started the way a person starts it (`npx plandesk serve`, `npm run web`): npm, the
// shell npm starts it through, and the node process under that shell, read from Linux's /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The state letter and parent of a live process, or undefined once it is gone (a zombie counts as gone). */
function stat(pid: number): { state: string; parent: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after its last ')'.
  const [state, parent] = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return state === 'Z' ? undefined : { state: state!, parent: Number(parent) };
}

export const isRunning = (pid: number): boolean => stat(pid) !== undefined;

/** Every live process under `pid`: its children, theirs, and so on. */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = stat(Number(entry));
    if (found) parents.set(Number(entry), found.parent);
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, itsParent] of parents) {
      if (itsParent === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** True when a server may listen on the loopback port now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface NpmStarted {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
}

/** `npm ...args` (or `npx`) in `cwd`, its output collected. */
export function startThroughNpm(command: 'npm' | 'npx', args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): NpmStarted {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return { child, stdout: () => stdout, stderr: () => stderr };
}
