import { parseArgs } from 'node:util';
import { UUID_PATTERN } from '../../shared/validation/uuid.js';
import {
  checkEnvironmentInput,
  listEnvironments,
  loadEnvironment,
  noEnvironmentNamed,
  removeEnvironment,
  saveEnvironment,
  setFilterMapping,
} from '../sync/environments.js';
import { sharedTokenCipher } from '../sync/keyring-cipher.js';
import { listFilters } from '../store/filters-store.js';
import { parseOrUsage, readStdin, required, UsageError, writeError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

export const envSetHelp = `Usage: plandesk env set [--workspace DIR] NAME --url BASE_URL --token-stdin [--json]

Saves or replaces a remote environment (e.g. staging, production). BASE_URL is https://, or
http:// on this machine only (127.0.0.1, ::1, localhost): a token never crosses a network in
clear text. The token is read from standard
input, never from the command line, and stored encrypted: AES-256-GCM with a random key kept in
the OS credential store (Keychain, Credential Manager, Secret Service). Where none is reachable,
the key goes to a file in your config folder (~/.config/PlanDesk-keys/, readable only by you;
never in the workspace, so a copy of DIR never carries it), and this command warns on stderr that this
is weaker. The desktop app and web mode keep tokens the same way: each reads what the other saved.

  --json   print {"name": NAME, "url": BASE_URL} instead of a sentence
`;

export async function runEnvSet(args: string[]): Promise<number> {
  const command = 'env set';
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({
      args,
      options: { ...workspaceOption, url: { type: 'string' }, 'token-stdin': { type: 'boolean' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }),
  );
  const name = positionals[0];
  if (name === undefined || positionals.length > 1) throw new UsageError(command, 'give exactly one environment NAME');
  const url = required(command, values.url, '--url BASE_URL');
  if (!values['token-stdin']) throw new UsageError(command, 'the token is read from standard input only: pass --token-stdin');
  const token = await readStdin();
  // A refused name, address or token changes nothing: no key is made, and no warning about where it would go.
  checkEnvironmentInput(name, url, token);
  return withWorkspace(values.workspace, async (workspace) => {
    const cipher = sharedTokenCipher(workspace.dir, { warn: writeError });
    saveEnvironment(workspace.db, cipher, name, url, token, new Date().toISOString());
    const saved = loadEnvironment(workspace.db, cipher, name);
    await writeLine(values.json ? JSON.stringify({ name, url: saved.baseUrl }) : `Saved environment ${name} (${saved.baseUrl}); token stored encrypted.`);
    return 0;
  });
}

export const envMapFilterHelp = `Usage: plandesk env map-filter [--workspace DIR] NAME --filter FILTER_NAME --remote-id ID

Maps a local filter (by name, exactly as this workspace has it) to its id on a remote that cannot
list its filters (GET /filters/list/). Exit 2 when ID is not a UUID; 1 when the workspace has no
environment NAME or no filter of that name (the message names those it has).
`;

export async function runEnvMapFilter(args: string[]): Promise<number> {
  const command = 'env map-filter';
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({ args, options: { ...workspaceOption, filter: { type: 'string' }, 'remote-id': { type: 'string' } }, strict: true, allowPositionals: true }),
  );
  const name = positionals[0];
  if (name === undefined || positionals.length > 1) throw new UsageError(command, 'give exactly one environment NAME');
  const filter = required(command, values.filter, '--filter FILTER_NAME');
  const remoteId = required(command, values['remote-id'], '--remote-id ID');
  if (!UUID_PATTERN.test(remoteId)) throw new UsageError(command, `"${remoteId}" is not a uuid`);
  return withWorkspace(values.workspace, async (workspace) => {
    loadEnvironment(workspace.db, sharedTokenCipher(workspace.dir), name);
    const names = (await listFilters(workspace.store, (await workspace.caller()).accountId)).map((known) => known.name);
    if (!names.includes(filter)) {
      const has = names.length === 0 ? 'it has none' : `it has: ${names.map((known) => `'${known}'`).join(', ')}`;
      throw new Error(`this workspace has no filter named '${filter}' (${has})`);
    }
    setFilterMapping(workspace.db, name, filter, remoteId.toLowerCase());
    await writeLine(`Filter '${filter}' maps to ${remoteId} on ${name}.`);
    return 0;
  });
}

export const envListHelp = `Usage: plandesk env list [--workspace DIR] [--json]

The saved environments, one a line: name, address, and whether pushes there are confirmed first
(production). Never a token.

  --json   print [{"name", "url", "production": BOOL}]
`;

export async function runEnvList(args: string[]): Promise<number> {
  const command = 'env list';
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({ args, options: { ...workspaceOption, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  if (positionals.length > 0) throw new UsageError(command, 'takes no NAME');
  return withWorkspace(values.workspace, async (workspace) => {
    const environments = listEnvironments(workspace.db).map((env) => ({ name: env.name, url: env.baseUrl, production: env.production }));
    if (values.json) await writeLine(JSON.stringify(environments));
    else if (environments.length === 0) await writeLine('No environments yet: add one with plandesk env set.');
    else for (const env of environments) await writeLine(`${env.name}  ${env.url}${env.production ? '  (production)' : ''}`);
    return 0;
  });
}

export const envRemoveHelp = `Usage: plandesk env remove [--workspace DIR] NAME

Forgets an environment: its token, its id mappings and its queue state there. The local records
stay. Exit 1, nothing changed, when there is no environment of that name.
`;

export async function runEnvRemove(args: string[]): Promise<number> {
  const command = 'env remove';
  const { values, positionals } = parseOrUsage(command, () => parseArgs({ args, options: { ...workspaceOption }, strict: true, allowPositionals: true }));
  const name = positionals[0];
  if (name === undefined || positionals.length > 1) throw new UsageError(command, 'give exactly one environment NAME');
  return withWorkspace(values.workspace, async (workspace) => {
    if (!removeEnvironment(workspace.db, name)) throw new Error(noEnvironmentNamed(workspace.db, name));
    await writeLine(`Removed environment ${name}; its records stay in the workspace.`);
    return 0;
  });
}
