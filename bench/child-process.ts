import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CLI } from './setup.js';

interface Timed {
  lines: string[];
  lastLine: string;
  ms: number;
}

/** Runs node with `args` (in the repository, where `--import tsx` resolves) to its end; its stdout's lines, the last, and how long it took from spawn to exit (ms). */
export function timedNode(args: string[], input?: string): Promise<Timed> {
  return timed(process.execPath, args, process.env, input);
}

/**
 * Runs the `plandesk` command as npx and a shell do, by its `#!` line (so with the node options
 * that line gives), with `nodeOptions` added through NODE_OPTIONS; timed as `timedNode`.
 */
export function timedCli(args: string[], nodeOptions: string[] = []): Promise<Timed> {
  const quoted = nodeOptions.map((option) => (/\s/.test(option) ? JSON.stringify(option) : option));
  return timed(CLI, args, { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...quoted].join(' ').trim() });
}

function timed(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: join(__dirname, '..'), stdio: 'pipe', env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.stdin.end(input);
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      const lines = stdout.trim().split('\n');
      if (code === 0) resolve({ lines, lastLine: lines.at(-1) ?? '', ms });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}
