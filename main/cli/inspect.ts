import { parseArgs } from 'node:util';
import type { RecordInspection, RecordMatch } from '../../shared/inspector.js';
import { findRecords, inspectRecord, listRecords } from '../inspector/inspector.js';
import { formatHistoryEntry } from './history.js';
import { parseOrUsage, UsageError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'inspect';

export const inspectHelp = `Usage: plandesk inspect [--workspace DIR] [ID | --search TEXT] [--json]

Shows local records with their sync state per environment: remote id, status (of the record's
latest change), attempts, last attempt and last error.

  ID              one record, by its local id or its remote id in any environment (also once
                  deleted): its fields as the API returns them, its sync state and its history
  --search TEXT   records whose id or remote id is TEXT, or whose name, title or e-mail
                  contains it (case-insensitive)
  --json          print JSON: one object for an ID ({"entity", "id", "label", "path", "sync",
                  "fields", "history"}), else a list
`;

export async function runInspect(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...workspaceOption, search: { type: 'string' }, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  if (positionals.length > 1) throw new UsageError(COMMAND, 'give at most one ID');
  if (positionals.length === 1 && values.search !== undefined) throw new UsageError(COMMAND, 'give an ID or --search, not both');
  return withWorkspace(values.workspace, async (workspace) => {
    if (positionals[0] !== undefined) {
      const inspection = await inspectRecord(workspace, positionals[0]);
      if (!inspection) throw new Error(`no record with id ${positionals[0]} (local or remote) in this workspace`);
      const { record, ...rest } = inspection;
      await writeLine(values.json ? JSON.stringify({ ...rest, fields: record }) : formatDetail(inspection));
      return 0;
    }
    const rows: RecordMatch[] = values.search !== undefined ? findRecords(workspace.db, values.search) : listRecords(workspace.db);
    if (values.json) await writeLine(JSON.stringify(rows));
    else if (rows.length === 0) await writeLine('No matching records.');
    else for (const row of rows) await writeLine(formatRow(row));
    return 0;
  });
}

function formatRow(row: RecordMatch): string {
  const states = row.sync.map((state) => `${state.env}: ${state.status}${state.remote_id ? ` → ${state.remote_id}` : ''}`).join('; ');
  return `${row.entity.padEnd(8)} ${row.id}  ${row.label}${row.path === null ? ' (deleted)' : ''}${states ? `  [${states}]` : ''}`;
}

function formatDetail(detail: RecordInspection): string {
  const lines = [`${detail.entity} ${detail.id} (${detail.label})`];
  if (detail.record === null) lines.push('deleted; its history remains');
  else {
    lines.push(`path: ${detail.path}`, 'fields:');
    for (const [name, value] of Object.entries(detail.record)) lines.push(`  ${name}: ${JSON.stringify(value)}`);
  }
  if (detail.sync.length === 0) lines.push('sync: no environments set (plandesk env set)');
  for (const state of detail.sync) {
    lines.push(
      `sync ${state.env}: ${state.status}; remote id ${state.remote_id ?? '-'}; attempts ${state.attempts}; last attempt ${state.last_attempt_at ?? '-'}${state.last_error ? `; last error: ${state.last_error}` : ''}`,
    );
  }
  lines.push(`history (${detail.history.length} change${detail.history.length === 1 ? '' : 's'}):`);
  for (const entry of detail.history) lines.push(formatHistoryEntry(entry, '  '));
  return lines.join('\n');
}
