import { parseArgs } from 'node:util';
import { UUID_PATTERN } from '../../shared/validation/uuid.js';
import { checkEnvironmentInput, saveEnvironment, setFilterMapping, loadEnvironment } from '../sync/environments.js';
import { cliTokenCipher } from '../sync/keyring-cipher.js';
import { openWorkspace } from '../workspace/workspace.js';
import { parseOrUsage, readStdin, required, UsageError, workspaceDir, writeError, writeLine } from './args.js';

export const envSetHelp = `Usage: plandesk env set [--workspace DIR] NAME --url BASE_URL --token-stdin [--json]

Saves or replaces a remote environment (e.g. staging, production). The token is read from standard
input, never from the command line, and stored encrypted: AES-256-GCM with a random key kept in
the OS credential store (Keychain, Credential Manager, Secret Service). Where none is reachable,
the key goes to a file in your config folder (~/.config/PlanDesk-keys/, readable only by you;
never in the workspace, so a copy of DIR never carries it), and this command warns on stderr that this
is weaker. The desktop app uses the OS keychain (safeStorage).
`;

export async function runEnvSet(args: string[]): Promise<number> {
  const command = 'env set';
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({ args, options: { workspace: { type: 'string' }, url: { type: 'string' }, 'token-stdin': { type: 'boolean' }, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  const name = positionals[0];
  if (name === undefined || positionals.length > 1) throw new UsageError(command, 'give exactly one environment NAME');
  const url = required(command, values.url, '--url BASE_URL');
  if (!values['token-stdin']) throw new UsageError(command, 'the token is read from standard input only: pass --token-stdin');
  const token = await readStdin();
  // A refused name, address or token changes nothing: no key is made, and no warning about where it would go.
  checkEnvironmentInput(name, url, token);
  const dir = workspaceDir(values.workspace);
  const workspace = openWorkspace(dir);
  try {
    const cipher = cliTokenCipher(dir, { warn: writeError });
    saveEnvironment(workspace.db, cipher, name, url, token, new Date().toISOString());
    const saved = loadEnvironment(workspace.db, cipher, name);
    await writeLine(values.json ? JSON.stringify({ name, url: saved.baseUrl }) : `Saved environment ${name} (${saved.baseUrl}); token stored encrypted.`);
    return 0;
  } finally {
    workspace.close();
  }
}

export const envMapFilterHelp = `Usage: plandesk env map-filter [--workspace DIR] NAME --filter FILTER_NAME --remote-id ID

Maps a local filter (by name) to its id on a remote that cannot list its filters (GET /filters/list/).
`;

export async function runEnvMapFilter(args: string[]): Promise<number> {
  const command = 'env map-filter';
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({ args, options: { workspace: { type: 'string' }, filter: { type: 'string' }, 'remote-id': { type: 'string' } }, strict: true, allowPositionals: true }),
  );
  const name = positionals[0];
  if (name === undefined || positionals.length > 1) throw new UsageError(command, 'give exactly one environment NAME');
  const filter = required(command, values.filter, '--filter FILTER_NAME');
  const remoteId = required(command, values['remote-id'], '--remote-id ID');
  if (!UUID_PATTERN.test(remoteId)) throw new UsageError(command, `"${remoteId}" is not a uuid`);
  const dir = workspaceDir(values.workspace);
  const workspace = openWorkspace(dir);
  try {
    loadEnvironment(workspace.db, cliTokenCipher(dir, {}), name);
    setFilterMapping(workspace.db, name, filter, remoteId.toLowerCase());
    await writeLine(`Filter '${filter}' maps to ${remoteId} on ${name}.`);
    return 0;
  } finally {
    workspace.close();
  }
}
