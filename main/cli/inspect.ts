import { parseArgs } from 'node:util';
import { allLocalRecords, findLocalRecord, searchLocalRecords, syncStatesOf, type LocalRecordRef } from '../sync/records-index.js';
import { openWorkspace, type Workspace } from '../workspace/workspace.js';
import { parseOrUsage, UsageError, workspaceDir, writeLine } from './args.js';

const COMMAND = 'inspect';

export const inspectHelp = `Usage: plandesk inspect [--workspace DIR] [ID | --search TEXT] [--json]

Shows local records with their sync state per environment: remote id, status, attempts, last
attempt and last error. With an ID, the record's local fields too. --search finds records by
employer or division name, plan title or user e-mail.
`;

export async function runInspect(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { workspace: { type: 'string' }, search: { type: 'string' }, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  if (positionals.length > 1) throw new UsageError(COMMAND, 'give at most one ID');
  if (positionals.length === 1 && values.search !== undefined) throw new UsageError(COMMAND, 'give an ID or --search, not both');
  const workspace = openWorkspace(workspaceDir(values.workspace));
  try {
    if (positionals[0] !== undefined) {
      const ref = findLocalRecord(workspace.db, positionals[0]);
      if (!ref) throw new Error(`no local record with id ${positionals[0]}`);
      const detail = { ...describe(workspace, ref), fields: workspace.router({ method: 'GET', path: ref.path, body: undefined, actor: workspace.actor }).body };
      await writeLine(values.json ? JSON.stringify(detail) : formatDetail(detail));
      return 0;
    }
    const refs = values.search !== undefined ? searchLocalRecords(workspace.db, values.search) : allLocalRecords(workspace.db);
    const rows = refs.map((ref) => describe(workspace, ref));
    if (values.json) await writeLine(JSON.stringify(rows));
    else if (rows.length === 0) await writeLine('No matching records.');
    else for (const row of rows) await writeLine(formatRow(row));
    return 0;
  } finally {
    workspace.close();
  }
}

function describe(workspace: Workspace, ref: LocalRecordRef) {
  return { ...ref, sync: syncStatesOf(workspace.db, ref.id) };
}

type Described = ReturnType<typeof describe>;

function formatRow(row: Described): string {
  const states = row.sync.map((state) => `${state.env}: ${state.status}${state.remote_id ? ` → ${state.remote_id}` : ''}`).join('; ');
  return `${row.entity.padEnd(8)} ${row.id}  ${row.label}${states ? `  [${states}]` : ''}`;
}

function formatDetail(detail: Described & { fields: unknown }): string {
  const lines = [`${detail.entity} ${detail.id} (${detail.label})`, `path: ${detail.path}`, 'fields:'];
  for (const [name, value] of Object.entries(detail.fields as Record<string, unknown>)) lines.push(`  ${name}: ${JSON.stringify(value)}`);
  if (detail.sync.length === 0) lines.push('sync: no environments set (plandesk env set)');
  for (const state of detail.sync) {
    lines.push(`sync ${state.env}: ${state.status}; remote id ${state.remote_id ?? '-'}; attempts ${state.attempts}; last attempt ${state.last_attempt_at ?? '-'}${state.last_error ? `; last error: ${state.last_error}` : ''}`);
  }
  return lines.join('\n');
}
