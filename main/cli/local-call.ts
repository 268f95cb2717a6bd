import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { messages } from '../../shared/validation/messages.js';
import type { ApiResponse } from '../api/types.js';
import { idempotencyMessages, isIdempotencyKey, withIdempotency } from '../http/idempotency.js';
import type { Db } from '../store/database.js';
import { StorageError } from '../store/storage-errors.js';
import type { Workspace } from '../workspace/workspace.js';
import { parseOrUsage, readStdin, UsageError, writeError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'local call';

export const localCallHelp = `Usage: plandesk local call [--workspace DIR] METHOD PATH [--body JSON | --body -]
       plandesk local call [--workspace DIR] --batch FILE

Performs API operations (any path of the API, e.g. POST /plans/medical/) through the local
service as the workspace's local user, exactly as the app's forms do. Always prints JSON, and
exits 0 whatever the status:

  {"status": N, "body": ...}

  --workspace DIR   the workspace folder (default: $PLANDESK_WORKSPACE, else the app's per-user
                    data folder)
  --body JSON       the request body; "-" reads it from standard input. A body that is not
                    valid JSON gives status 400 {"detail": "JSON parse error - ..."}, as the
                    server does. A query string on PATH is ignored, as the server does.
  --batch FILE      performs many operations in one process; FILE ("-" for standard input)
                    holds one JSON object per line, {"method": ..., "path": ..., "body": ...}
                    ("body" optional). Each is performed in order exactly as a single call,
                    and one {"status": N, "body": ...} line is printed per input line, in the
                    same order, as it goes. A malformed line gives status 400 with a "detail"
                    for that line only. Blank lines are skipped and print nothing.
                    A line may carry "idempotency_key": TEXT (as serve's Idempotency-Key): a
                    write whose key was already used (within 24 hours, e.g. by a batch that
                    was killed before printing its answer) is not performed again; its stored
                    status and body are printed. The same key with another method, path or
                    body (the order of an object's members and spacing aside) is a 400. The
                    key is 1 to 255 printable ASCII characters (from space to "~"); another
                    is a 400. It is stored in the write's own transaction.
                    "if_match" (serve's If-Match) is refused with a 400 for that line: the
                    workspace keeps no record versions to hold a write to.

Exit 1 with one sentence, and nothing written, when the workspace database is damaged, read-only
or on a full disk (reads of a read-only or full workspace still work).
`;

const localCallMessages = {
  ifMatch:
    '"if_match" is for plandesk serve, whose records answer their versions: the workspace keeps none, so it cannot hold a write to one. Send the line without it; nothing was done.',
};

export async function runLocalCall(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: { ...workspaceOption, body: { type: 'string' }, batch: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }),
  );
  if (values.batch !== undefined) {
    if (positionals.length > 0) throw new UsageError(COMMAND, '--batch FILE takes no METHOD PATH (each line names its own)');
    if (values.body !== undefined) throw new UsageError(COMMAND, '--batch FILE takes no --body (each line carries its own)');
    if (values.batch === '') throw new UsageError(COMMAND, 'missing FILE after --batch');
    return runBatch(values.workspace, values.batch);
  }
  const [method, path, ...extra] = positionals;
  if (method === undefined || path === undefined) throw new UsageError(COMMAND, 'missing METHOD PATH, e.g. GET /divisions/list/');
  if (extra.length > 0) throw new UsageError(COMMAND, `unexpected argument "${extra[0]}" (quote a --body value)`);
  const bodyText = values.body === '-' ? await readStdin() : values.body;
  return withWorkspace(values.workspace, async (workspace) => {
    const parsed = parseBody(bodyText);
    const response = parsed.ok ? await perform(workspace, method, path, parsed.body) : parsed.response;
    await writeLine(JSON.stringify({ status: response.status, body: response.body }));
    return 0;
  });
}

async function runBatch(workspaceValue: string | undefined, file: string): Promise<number> {
  // Opened before the workspace so a wrong FILE is a one-line error, not a stream error later.
  const input = file === '-' ? process.stdin : (await open(file, 'r')).createReadStream({ encoding: 'utf8' });
  let inputError: Error | undefined;
  try {
    await withWorkspace(workspaceValue, async (workspace) => {
      const keyed = withIdempotency(workspace.store, (request, db) => routeOrThrow(workspace, request.method, request.path, request.body, db));
      const lines = createInterface({ input, crlfDelay: Infinity });
      input.on('error', (error: Error) => {
        inputError = error;
        lines.close();
      });
      let first = true;
      for await (const raw of lines) {
        const line = first ? raw.replace(/^\uFEFF/, '') : raw;
        first = false;
        if (line.trim() === '') continue;
        const response = await performLine(workspace, keyed, line);
        await writeLine(JSON.stringify({ status: response.status, body: response.body }));
      }
    });
  } finally {
    await closeInput(input);
  }
  if (inputError) throw inputError;
  return 0;
}

/** Closes the batch file before the command returns (a file stream closes its descriptor asynchronously). */
async function closeInput(input: Readable): Promise<void> {
  if (input === process.stdin || input.closed) return;
  const closed = once(input, 'close');
  input.destroy();
  await closed;
}

type KeyedRouter = ReturnType<typeof withIdempotency>;

async function performLine(workspace: Workspace, keyed: KeyedRouter, line: string): Promise<ApiResponse> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return badRequest(messages.jsonParse((error as Error).message));
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return badRequest(messages.jsonParse('Expected a JSON object {"method": ..., "path": ..., "body": ...}.'));
  }
  const { method, path, body, idempotency_key: key, if_match: ifMatch } = request as Record<string, unknown>;
  if (typeof method !== 'string' || method === '') return badRequest('"method" must be a non-empty string, e.g. "POST".');
  if (typeof path !== 'string' || path === '') return badRequest('"path" must be a non-empty string, e.g. "/employers/".');
  if (ifMatch !== undefined) return badRequest(localCallMessages.ifMatch);
  if (key === undefined) return perform(workspace, method, path, body);
  if (!isIdempotencyKey(key)) return badRequest(idempotencyMessages.key('"idempotency_key"'));
  return answerBugs(method, path, () => keyed({ method, path: withoutQuery(path), body, actor: workspace.actor }, key));
}

type ParsedBody = { ok: true; body: unknown } | { ok: false; response: ApiResponse };

/** As the server reads a body: none when empty, else JSON or a 400. */
function parseBody(text: string | undefined): ParsedBody {
  if (text === undefined || text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch (error) {
    return { ok: false, response: badRequest(messages.jsonParse((error as Error).message)) };
  }
}

function perform(workspace: Workspace, method: string, path: string, body: unknown): Promise<ApiResponse> {
  return answerBugs(method, path, () => routeOrThrow(workspace, method, withoutQuery(path), body));
}

function routeOrThrow(workspace: Workspace, method: string, path: string, body: unknown, db?: Db): Promise<ApiResponse> {
  return workspace.router({ method, path, body, actor: workspace.actor }, db);
}

/**
 * A bug answers as the server's does (500; the details go to stderr, never to the JSON). A storage
 * failure (damaged, read-only, full disk) is no answer at all: the command stops with its sentence, exit 1.
 */
async function answerBugs(method: string, path: string, act: () => Promise<ApiResponse>): Promise<ApiResponse> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof StorageError) throw error;
    writeError(`error ${method} ${withoutQuery(path)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { status: 500, body: { detail: 'A server error occurred.' } };
  }
}

/** The server ignores a query string (the service takes no query parameters); so do we. */
function withoutQuery(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

function badRequest(detail: string): ApiResponse {
  return { status: 400, body: { detail } };
}
