import { parseArgs } from 'node:util';
import type { DecisionEntry, HistoryEntry } from '../../shared/inspector.js';
import { readHistory } from '../history/record-history.js';
import { findLocalRecord } from '../store/local-records-store.js';
import { parseOrUsage, UsageError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'history';

export const historyHelp = `Usage: plandesk history [--workspace DIR] ID [--json]

Every local change of one record (employer, plan, user or division), oldest first: when, by whom,
the operation, and the fields that changed with their values before and after. Kept for good:
syncing never prunes it, and a deleted record keeps its history.

  --json   print [{"at": ISO_TIME, "user": EMAIL, "op": "create" | "update" | "delete",
                   "changes": {FIELD: [BEFORE, AFTER], ...}}, ...]; a change a pull
           brought (or a take-remote decision took) also has "pulled_from": ENV
           (without --json: "update, pulled from ENV")

Exit 1 when the workspace has no record with that ID and never had one.
`;

export async function runHistory(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...workspaceOption, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  const [given, ...extra] = positionals;
  if (given === undefined) throw new UsageError(COMMAND, 'missing ID (a local record id; plandesk inspect --search TEXT finds it)');
  if (extra.length > 0) throw new UsageError(COMMAND, `unexpected argument "${extra[0]}"`);
  const id = given.toLowerCase();
  return withWorkspace(values.workspace, async (workspace) => {
    const entries = readHistory(workspace.db, id);
    if (entries.length === 0 && !findLocalRecord(workspace.db, id)) throw new Error(`no record with id ${given} in this workspace, now or before`);
    if (values.json) await writeLine(JSON.stringify(entries));
    else if (entries.length === 0) await writeLine(`No changes recorded for ${id} (it predates the history).`);
    else for (const entry of entries) await writeLine(formatHistoryEntry(entry));
    return 0;
  });
}

/** One change as text: a line for when, what and who, then one indented line per changed field. */
export function formatHistoryEntry(entry: HistoryEntry | DecisionEntry, indent = ''): string {
  if (entry.op === 'decision')
    return `${indent}${entry.at}  decision on ${entry.env}: ${entry.decision}${entry.remote_id ? ` (${entry.remote_id})` : ''}  by ${entry.user}`;
  const lines = [`${indent}${entry.at}  ${entry.op}${entry.pulled_from ? `, pulled from ${entry.pulled_from}` : ''}  by ${entry.user}`];
  for (const [field, [before, after]] of Object.entries(entry.changes)) lines.push(`${indent}  ${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  return lines.join('\n');
}
