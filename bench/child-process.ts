import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Runs node with `args` (in the repository, where `--import tsx` resolves) to its end; its stdout's lines, the last, and how long it took from spawn to exit (ms). */
export function timedNode(args: string[], input?: string): Promise<{ lines: string[]; lastLine: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: join(__dirname, '..'), stdio: 'pipe' });
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
      else reject(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}
