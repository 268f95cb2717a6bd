// The `plandesk` command spawned for real, with no inherited workspace.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/plandesk.cjs', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The unprivileged user (nobody) that permission tests run the CLI as when the tests run as root. */
export const UNPRIVILEGED_UID = 65534;

/** `asUnprivileged`: as root, run as nobody through setpriv (root ignores permission bits). */
export function runPlandesk(args: string[], input = '', options: { asUnprivileged?: boolean } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.PLANDESK_WORKSPACE;
    const dropRoot = options.asUnprivileged && process.getuid?.() === 0;
    const [command, ...rest] = dropRoot
      ? ['setpriv', `--reuid=${UNPRIVILEGED_UID}`, `--regid=${UNPRIVILEGED_UID}`, '--clear-groups', process.execPath, BIN, ...args]
      : [process.execPath, BIN, ...args];
    const child = spawn(command!, rest, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
