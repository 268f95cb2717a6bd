import { adminBootstrapHelp, runAdminBootstrap } from './admin-bootstrap.js';
import { adminTokenHelp, runAdminToken } from './admin-token.js';
import { backupHelp, runBackup } from './backup.js';
import { checkHelp, runCheck } from './check.js';
import { storageErrorOf } from '../store/storage-errors.js';
import { oneLine, UsageError, wantsHelp, writeError } from './args.js';
import { localCallHelp, runLocalCall } from './local-call.js';
import { localInitHelp, runLocalInit } from './local-init.js';
import { restoreHelp, runRestore } from './restore.js';
import { runServe, serveHelp } from './serve.js';
import { envMapFilterHelp, envSetHelp, runEnvMapFilter, runEnvSet } from './env.js';
import { inspectHelp, runInspect } from './inspect.js';
import { runSync, syncHelp } from './sync.js';

interface Command {
  help: string;
  run: (args: string[]) => Promise<number>;
}

/** Commands by their words; `admin` and `local` are groups of two-word commands. */
const commands: Record<string, Command> = {
  serve: { help: serveHelp, run: runServe },
  'admin bootstrap': { help: adminBootstrapHelp, run: runAdminBootstrap },
  'admin token': { help: adminTokenHelp, run: runAdminToken },
  'local init': { help: localInitHelp, run: runLocalInit },
  'local call': { help: localCallHelp, run: runLocalCall },
  'env set': { help: envSetHelp, run: runEnvSet },
  'env map-filter': { help: envMapFilterHelp, run: runEnvMapFilter },
  sync: { help: syncHelp, run: runSync },
  inspect: { help: inspectHelp, run: runInspect },
  backup: { help: backupHelp, run: runBackup },
  restore: { help: restoreHelp, run: runRestore },
  check: { help: checkHelp, run: runCheck },
};

const GROUPS = new Set(['admin', 'local', 'env']);

export const usage = `Usage: plandesk COMMAND [options]     (plandesk COMMAND --help for details)

Serving the API:
  plandesk serve --db FILE [--host 127.0.0.1] [--port 8787] [--rate-limit N/SECONDS]
  plandesk admin bootstrap --db FILE --account NAME --email EMAIL --division NAME
  plandesk admin token --db FILE --email EMAIL

The local workspace (--workspace DIR, else $PLANDESK_WORKSPACE, else the app's data folder):
  plandesk local init [--workspace DIR] --account NAME --email EMAIL --division NAME [--json]
  plandesk local call [--workspace DIR] METHOD PATH [--body JSON | --body -]
  plandesk local call [--workspace DIR] --batch FILE
  plandesk inspect [--workspace DIR] [ID | --search TEXT] [--json]
  plandesk backup [--workspace DIR] --out FILE [--json]
  plandesk restore [--workspace DIR] FILE [--json]
  plandesk check [--workspace DIR] [--json]

Pushing to a remote environment (staging, production, ...):
  plandesk env set [--workspace DIR] NAME --url BASE_URL --token-stdin
  plandesk env map-filter [--workspace DIR] NAME --filter FILTER_NAME --remote-id ID
  plandesk sync [--workspace DIR] --env NAME [--concurrency N] [--json]

Commands print JSON with --json (admin and local call always do), and fail with a one-line
reason on stderr: exit 2 for a command line that is wrong, 1 for anything else
(PLANDESK_DEBUG=1 adds the stack trace). No command prints a token, except the JSON result of
admin bootstrap and admin token, which is their point.
`;

const SYNOPSIS = 'commands: serve, admin bootstrap, admin token, local init, local call, env set, env map-filter, sync, inspect, backup, restore, check (plandesk --help for details)';

/** Runs one command line; resolves to the exit code, never rejects. */
export async function runCli(argv: string[]): Promise<number> {
  const [first, second] = argv;
  if (first === undefined) return fail(2, `plandesk: no command given; ${SYNOPSIS}`);
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = argv.slice(1).join(' ');
    const command = commands[topic];
    process.stdout.write(command ? command.help : usage);
    return 0;
  }
  const name = GROUPS.has(first) && second !== undefined && !second.startsWith('-') ? `${first} ${second}` : first;
  const command = commands[name];
  if (!command) {
    if (GROUPS.has(first) && second !== undefined && wantsHelp([second])) {
      process.stdout.write(usage);
      return 0;
    }
    if (GROUPS.has(first) && (second === undefined || second.startsWith('-'))) return fail(2, `plandesk ${first}: missing subcommand; ${SYNOPSIS}`);
    return fail(2, `plandesk: unknown command "${name}"; ${SYNOPSIS}`);
  }
  const args = argv.slice(name.split(' ').length);
  if (wantsHelp(args)) {
    process.stdout.write(command.help);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) return fail(2, `plandesk ${error.command}: ${error.message} (plandesk ${error.command} --help)`);
    if (process.env.PLANDESK_DEBUG && error instanceof Error && error.stack) writeError(error.stack);
    const reason = storageErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error));
    return fail(1, `plandesk ${name}: ${oneLine(reason)}`);
  }
}

function fail(code: number, line: string): number {
  writeError(oneLine(line));
  return code;
}
