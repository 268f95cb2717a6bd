import { version } from '../../package.json';
import { oneLine, UsageError, wantsHelp, writeError } from './args.js';

interface Command {
  help: string;
  run: (args: string[]) => Promise<number>;
}

/**
 * Commands by their words; `admin` and `local` are groups of two-word commands. Each command's
 * module is loaded only when that command is named, so `plandesk --help` and a mistyped command
 * never load the database driver or the HTTP stack.
 */
const commands: Record<string, () => Promise<Command>> = {
  serve: async () => {
    const m = await import('./serve.js');
    return { help: m.serveHelp, run: m.runServe };
  },
  'admin bootstrap': async () => {
    const m = await import('./admin-bootstrap.js');
    return { help: m.adminBootstrapHelp, run: m.runAdminBootstrap };
  },
  'admin token': async () => {
    const m = await import('./admin-token.js');
    return { help: m.adminTokenHelp, run: m.runAdminToken };
  },
  'admin tokens': async () => {
    const m = await import('./admin-tokens.js');
    return { help: m.adminTokensHelp, run: m.runAdminTokens };
  },
  'local init': async () => {
    const m = await import('./local-init.js');
    return { help: m.localInitHelp, run: m.runLocalInit };
  },
  'local call': async () => {
    const m = await import('./local-call.js');
    return { help: m.localCallHelp, run: m.runLocalCall };
  },
  'env set': async () => {
    const m = await import('./env.js');
    return { help: m.envSetHelp, run: m.runEnvSet };
  },
  'env map-filter': async () => {
    const m = await import('./env.js');
    return { help: m.envMapFilterHelp, run: m.runEnvMapFilter };
  },
  'env list': async () => {
    const m = await import('./env.js');
    return { help: m.envListHelp, run: m.runEnvList };
  },
  'env remove': async () => {
    const m = await import('./env.js');
    return { help: m.envRemoveHelp, run: m.runEnvRemove };
  },
  status: async () => {
    const m = await import('./status.js');
    return { help: m.statusHelp, run: m.runStatus };
  },
  sync: async () => {
    const m = await import('./sync.js');
    return { help: m.syncHelp, run: m.runSync };
  },
  pull: async () => {
    const m = await import('./pull.js');
    return { help: m.pullHelp, run: m.runPull };
  },
  inspect: async () => {
    const m = await import('./inspect.js');
    return { help: m.inspectHelp, run: m.runInspect };
  },
  history: async () => {
    const m = await import('./history.js');
    return { help: m.historyHelp, run: m.runHistory };
  },
  export: async () => {
    const m = await import('./export.js');
    return { help: m.exportHelp, run: m.runExport };
  },
  conflicts: async () => {
    const m = await import('./conflicts.js');
    return { help: m.conflictsHelp, run: m.runConflicts };
  },
  resolve: async () => {
    const m = await import('./conflicts.js');
    return { help: m.resolveHelp, run: m.runResolve };
  },
  backup: async () => {
    const m = await import('./backup.js');
    return { help: m.backupHelp, run: m.runBackup };
  },
  restore: async () => {
    const m = await import('./restore.js');
    return { help: m.restoreHelp, run: m.runRestore };
  },
  check: async () => {
    const m = await import('./check.js');
    return { help: m.checkHelp, run: m.runCheck };
  },
  exhibit: async () => {
    const m = await import('./exhibit.js');
    return { help: m.exhibitHelp, run: m.runExhibit };
  },
  'import sbc': async () => {
    const m = await import('./import-sbc.js');
    return { help: m.importSbcHelp, run: m.runImportSbc };
  },
  'import table': async () => {
    const m = await import('./import-table.js');
    return { help: m.importTableHelp, run: m.runImportTable };
  },
};

const GROUPS = new Set(['admin', 'local', 'env', 'import']);

const usage = `Usage: plandesk COMMAND [options]     (plandesk COMMAND --help for details)

Serving the API (--db FILE is a SQLite file; --db postgres://USER@HOST[:PORT]/DATABASE a PostgreSQL database):
  plandesk serve --db FILE [--host 127.0.0.1] [--port 8787] [--rate-limit N/SECONDS]
                 [--max-connections-per-client N] [--access-log FILE] [--strict-api]
                 [--statement-timeout SECONDS] [--keep-alive-timeout SECONDS]
                 [--trust-proxy ADDRESS...] [--metrics]        (each also PLANDESK_DB, PLANDESK_PORT...)
  plandesk admin bootstrap --db FILE --account NAME --email EMAIL --division NAME
  plandesk admin token --db FILE --email EMAIL [--expires-in DAYS]
  plandesk admin token --db FILE --revoke TOKEN_ID
  plandesk admin tokens --db FILE [--email EMAIL]

The local workspace (--workspace DIR, else $PLANDESK_WORKSPACE, else the app's data folder):
  plandesk local init [--workspace DIR] --account NAME --email EMAIL --division NAME [--json]
  plandesk local call [--workspace DIR] METHOD PATH [--body JSON | --body -]
  plandesk local call [--workspace DIR] --batch FILE
  plandesk inspect [--workspace DIR] [ID | --search TEXT] [--json]
  plandesk history [--workspace DIR] ID [--json]
  plandesk export [--workspace DIR] --out PATH [--format json | csv] [--json]
  plandesk backup [--workspace DIR] --out FILE [--json]
  plandesk restore [--workspace DIR] FILE [--json]
  plandesk check [--workspace DIR] [--json]
  plandesk exhibit [--workspace DIR] --employer ID --year YYYY [--enroll T1,T2,T3,T4]
      [--include PLAN_ID]... --out FILE.pdf | FILE.html

Importing:
  plandesk import sbc FILE.pdf [--json]                    (reads only; writes nothing)
  plandesk import table [--workspace DIR] FILE [--kind employers | KIND] [--sheet NAME]
      [--map COLUMN=FIELD]... [--dry-run] [--json]

Syncing with a remote environment (staging, production, ...):
  plandesk env set [--workspace DIR] NAME --url BASE_URL --token-stdin [--json]
  plandesk env map-filter [--workspace DIR] NAME --filter FILTER_NAME --remote-id ID
  plandesk env list [--workspace DIR] [--json]
  plandesk env remove [--workspace DIR] NAME
  plandesk status [--workspace DIR] [--json]
  plandesk sync [--workspace DIR] --env NAME [--concurrency N] [--json]
  plandesk sync [--workspace DIR] --env NAME --dry-run [--json]
  plandesk pull [--workspace DIR] --env NAME [--division NAME]... [--json]
  plandesk conflicts [--workspace DIR] --env NAME [--json]
  plandesk resolve [--workspace DIR] --env NAME ID (--keep-local | --take-remote | --link REMOTE_ID | --skip) [--json]

Commands print JSON with --json (admin and local call always do), and fail with a one-line
reason on stderr: exit 2 for a command line that is wrong, 1 for anything else
(PLANDESK_DEBUG=1 adds the stack trace). No command prints a token, except the JSON result of
admin bootstrap and admin token, which is their point. plandesk --version (or -v) prints the version.
`;

const SYNOPSIS = `commands: ${Object.keys(commands).join(', ')} (plandesk --help for details; plandesk --version)`;

/** Runs one command line; resolves to the exit code, never rejects. */
export async function runCli(argv: string[]): Promise<number> {
  const [first, second] = argv;
  if (first === undefined) return fail(2, `plandesk: no command given; ${SYNOPSIS}`);
  if (first === '--version' || first === '-v' || first === '-V') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = argv.slice(1).join(' ');
    const loadTopic = commandLoader(topic);
    const command = loadTopic && (await installed(loadTopic));
    if (typeof command === 'string') return notInstalled(topic, command);
    process.stdout.write(command ? command.help : usage);
    return 0;
  }
  const name = GROUPS.has(first) && second !== undefined && !second.startsWith('-') ? `${first} ${second}` : first;
  const loadCommand = commandLoader(name);
  if (!loadCommand) {
    if (GROUPS.has(first) && second !== undefined && wantsHelp([second])) {
      process.stdout.write(usage);
      return 0;
    }
    if (GROUPS.has(first) && (second === undefined || second.startsWith('-'))) {
      const own = Object.keys(commands).filter((command) => command.startsWith(`${first} `));
      return fail(2, `plandesk ${first}: give one of its commands: ${own.join(', ')} (plandesk ${first} COMMAND --help for details)`);
    }
    return fail(2, `plandesk: unknown command "${name}"; ${SYNOPSIS}`);
  }
  const args = argv.slice(name.split(' ').length);
  const command = await installed(loadCommand);
  if (typeof command === 'string') return notInstalled(name, command);
  if (wantsHelp(args)) {
    process.stdout.write(command.help);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) return fail(2, `plandesk ${error.command}: ${error.message} (plandesk ${error.command} --help)`);
    if (process.env.PLANDESK_DEBUG && error instanceof Error && error.stack) writeError(error.stack);
    // Loaded only on failure: storage errors are told apart with the database driver's error class.
    const { storageErrorOf } = await import('../store/sqlite-failures.js');
    const reason = storageErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error));
    return fail(1, `plandesk ${name}: ${oneLine(reason)}`);
  }
}

/**
 * The command, or what of its code is missing (the reason): the server release (`npm run
 * pack:server`) carries serve and the admin commands only.
 */
async function installed(load: () => Promise<Command>): Promise<Command | string> {
  try {
    return await load();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return (error as Error).message.split('\n')[0]!;
    throw error;
  }
}

function notInstalled(name: string, missing: string): number {
  return fail(1, `plandesk ${name}: not part of this installation (${missing}); the server release carries serve and the admin commands only`);
}

function commandLoader(name: string): (() => Promise<Command>) | undefined {
  return Object.hasOwn(commands, name) ? commands[name] : undefined;
}

function fail(code: number, line: string): number {
  writeError(oneLine(line));
  return code;
}
