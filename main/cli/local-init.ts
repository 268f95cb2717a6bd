import { parseArgs } from 'node:util';
import { initWorkspace } from '../workspace/workspace.js';
import { noPositionals, parseOrUsage, required, writeLine } from './args.js';
import { workspaceDir, workspaceOption } from './workspace-option.js';

const COMMAND = 'local init';

export const localInitHelp = `Usage: plandesk local init [--workspace DIR] --account NAME --email EMAIL --division NAME [--json]

Creates an offline workspace in DIR whose local user (the person at the laptop) is an admin of a
local account holding one division. No network is used. Exit 1 if DIR is already a workspace.

  --workspace DIR   the workspace folder (default: $PLANDESK_WORKSPACE, else the app's per-user
                    data folder)
  --json            print {"user": ID, "division": ID} instead of a sentence
`;

export async function runLocalInit(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: {
        ...workspaceOption,
        account: { type: 'string' },
        email: { type: 'string' },
        division: { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const request = {
    account: required(COMMAND, values.account, '--account NAME'),
    email: required(COMMAND, values.email, '--email EMAIL'),
    division: required(COMMAND, values.division, '--division NAME'),
  };
  const dir = workspaceDir(values.workspace);
  const created = await initWorkspace(dir, request);
  if (values.json) await writeLine(JSON.stringify({ user: created.user, division: created.division }));
  else await writeLine(`Created workspace ${dir}: local user ${created.user} (${request.email}), division ${created.division} (${request.division}).`);
  return 0;
}
