import { parseArgs } from 'node:util';
import type { SyncConflict, SyncDecision } from '../../shared/bridge.js';
import { listConflicts, resolveConflict } from '../sync/conflicts.js';
import { loadEnvironment, type Environment } from '../sync/environments.js';
import { TokenUnavailableError } from '../sync/token-cipher.js';
import type { Workspace } from '../workspace/workspace.js';
import { sharedTokenCipher } from '../sync/keyring-cipher.js';
import { cliNetwork } from './cli-network.js';
import { noPositionals, parseOrUsage, required, UsageError, writeError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

export const conflictsHelp = `Usage: plandesk conflicts [--workspace DIR] --env NAME [--json]

Lists every record that environment could not take without a person's decision: the remote has
the record with other values, the record is gone from the remote, the record was deleted here and
changed there, or the remote cannot tell ours apart from others. For each: the local id, the
kind, the reason, the remote record's id when known and the fields that differ, local value
beside remote value (none when the remote record cannot be read, or when none differs). Decide
each with plandesk resolve.

  --json   print [{"record", "entity", "reason", "remote_id", "differences": {FIELD: {"local", "remote"}}}]
`;

export const resolveHelp = `Usage: plandesk resolve [--workspace DIR] --env NAME ID (--keep-local | --take-remote | --link REMOTE_ID | --skip) [--json]

Records a decision on the conflict of local record ID in that environment. Nothing is sent until
the next sync.

  --keep-local       the next sync updates the remote record with the local values (a record
                     gone from the remote is made there anew; one deleted here is deleted there)
  --take-remote      the local record takes the remote values now: a local change, kept in its
                     history and queued for other environments, not pushed back to this one (a
                     record deleted here comes back from the remote, an employer with its plans)
  --link REMOTE_ID   the record is that existing remote record; the local values then win
  --skip             the record is never pushed to this environment

Exit 1, nothing changed, when ID has no conflict there or the decision cannot apply.
`;

export async function runConflicts(args: string[]): Promise<number> {
  const command = 'conflicts';
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({ args, options: { ...workspaceOption, env: { type: 'string' }, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(command, positionals);
  const envName = required(command, values.env, '--env NAME');
  return withWorkspace(values.workspace, async (workspace) => {
    const conflicts = await listConflicts(workspace, environmentOrName(workspace, envName));
    if (values.json) await writeLine(JSON.stringify(conflicts.map(({ name: _name, kind: _kind, deleted_here: _deletedHere, ...conflict }) => conflict)));
    else if (conflicts.length === 0) await writeLine(`${envName}: no conflicts`);
    else {
      for (const conflict of conflicts) await writeLine(formatConflict(conflict));
      await writeLine(`Decide each with: plandesk resolve --env ${envName} ID (--keep-local | --take-remote | --link REMOTE_ID | --skip)`);
    }
    return 0;
  });
}

/** The line after a push's or pull's summary when conflicts wait there: how many, and where to see them. */
export function conflictsWaitingLine(envName: string, count: number): string | undefined {
  if (count === 0) return undefined;
  return `  ${count} conflict${count === 1 ? ' waits' : 's wait'} for a decision: plandesk conflicts --env ${envName} shows ${count === 1 ? 'it' : 'them'}`;
}

export async function runResolve(args: string[]): Promise<number> {
  const command = 'resolve';
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({
      args,
      options: {
        ...workspaceOption,
        env: { type: 'string' },
        json: { type: 'boolean' },
        'keep-local': { type: 'boolean' },
        'take-remote': { type: 'boolean' },
        link: { type: 'string' },
        skip: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    }),
  );
  const envName = required(command, values.env, '--env NAME');
  if (positionals.length !== 1) throw new UsageError(command, 'give exactly one local record ID');
  const decisions: SyncDecision[] = [
    ...(values['keep-local'] ? [{ kind: 'keep-local' } as const] : []),
    ...(values['take-remote'] ? [{ kind: 'take-remote' } as const] : []),
    ...(values.link !== undefined ? [{ kind: 'link', remoteId: values.link.toLowerCase() } as const] : []),
    ...(values.skip ? [{ kind: 'skip' } as const] : []),
  ];
  if (decisions.length !== 1) throw new UsageError(command, 'give exactly one of --keep-local, --take-remote, --link REMOTE_ID, --skip');
  return withWorkspace(values.workspace, async (workspace) => {
    const env = { ...loadEnvironment(workspace.db, sharedTokenCipher(workspace.dir), envName), network: cliNetwork() };
    const result = await resolveConflict(workspace, env, positionals[0]!.toLowerCase(), decisions[0]!);
    await writeLine(values.json ? JSON.stringify(result) : `${envName}: ${result.record} resolved (${result.decision}); the next sync acts on it`);
    return 0;
  });
}

/** The environment with its token; only its name when the token is not here (a restore), said on standard error. */
function environmentOrName(workspace: Workspace, envName: string): Environment | string {
  try {
    return { ...loadEnvironment(workspace.db, sharedTokenCipher(workspace.dir), envName), network: cliNetwork() };
  } catch (error) {
    if (!(error instanceof TokenUnavailableError)) throw error;
    writeError(`plandesk conflicts: ${error.message}; until then the remote's values are not shown`);
    return envName;
  }
}

function formatConflict(conflict: SyncConflict): string {
  const lines = [
    `${conflict.entity} '${conflict.name}' (${conflict.record})${conflict.remote_id ? `, remote ${conflict.remote_id}` : ''}`,
    `  ${conflict.reason}`,
    ...(conflict.deleted_here ? ['  deleted here: --keep-local sends the delete, --take-remote brings the record back'] : []),
  ];
  for (const [field, { local, remote }] of Object.entries(conflict.differences))
    lines.push(`  ${field}: here ${JSON.stringify(local)}, there ${JSON.stringify(remote)}`);
  return lines.join('\n');
}
