// The `plandesk` command spawned for real, with no inherited workspace unless a test gives one.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/plandesk.cjs', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** As root, run as nobody through setpriv (root ignores permission bits). */
  asUnprivileged?: boolean;
  /** Set over the tester's environment (e.g. HOME, PLANDESK_WORKSPACE). */
  env?: Record<string, string>;
  /** Variables of the tester's environment the command must not see (e.g. NODE_EXTRA_CA_CERTS). */
  unset?: readonly string[];
  cwd?: string;
  /** Node's own options, before the script (e.g. `--require`). */
  nodeArgs?: string[];
  /** Start the command file itself, as npx does: its `#!` line picks the Node.js on PATH and that line's options (`nodeArgs` unused). */
  byShebang?: boolean;
}

/** The unprivileged user (nobody) that permission tests run the CLI as when the tests run as root. */
export const UNPRIVILEGED_UID = 65534;

/** The tester's environment with `env` set over it; PLANDESK_WORKSPACE is dropped unless `env` gives it. */
export function plandeskEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!('PLANDESK_WORKSPACE' in env)) delete merged.PLANDESK_WORKSPACE;
  return merged;
}

/** Runs `node bin/plandesk.cjs ...args` (or the file by its `#!` line) with `input` on stdin, to its exit. */
export function runPlandesk(args: string[], input = '', options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const dropRoot = options.asUnprivileged && process.getuid?.() === 0;
    const node = options.byShebang ? [BIN, ...args] : [process.execPath, ...(options.nodeArgs ?? []), BIN, ...args];
    const [command, ...rest] = dropRoot ? ['setpriv', `--reuid=${UNPRIVILEGED_UID}`, `--regid=${UNPRIVILEGED_UID}`, '--clear-groups', ...node] : node;
    const env = plandeskEnv(options.env);
    for (const name of options.unset ?? []) delete env[name];
    const child = spawn(command!, rest, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A command that exits without reading its input (a usage error, say) closes the pipe: not the test's failure.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
