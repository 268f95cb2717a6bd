import { parseArgs } from 'node:util';
import { parseOrUsage, UsageError } from './args.js';

const COMMAND = 'serve';

/** serve's options, as parseArgs reads them; each may come from the environment instead (environmentName). */
const OPTIONS = {
  db: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'rate-limit': { type: 'string' },
  'max-connections-per-client': { type: 'string' },
  'access-log': { type: 'string' },
  'strict-api': { type: 'boolean' },
  'statement-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  'trust-proxy': { type: 'string', multiple: true },
  metrics: { type: 'boolean' },
} as const;

type Name = keyof typeof OPTIONS;
type ValueOf<N extends Name> = (typeof OPTIONS)[N] extends { type: 'boolean' } ? boolean : (typeof OPTIONS)[N] extends { multiple: true } ? string[] : string;

/** An option's value and where it was given (`--rate-limit` or `PLANDESK_RATE_LIMIT`), which a refusal names. */
export interface Given<T> {
  value: T;
  source: string;
}

export type ServeSettings = { [N in Name]?: Given<ValueOf<N>> };

/** The variable an option may come from: `PLANDESK_` and its name in capitals, dashes as underscores (`PLANDESK_RATE_LIMIT`). */
const environmentName = (name: string): string => `PLANDESK_${name.toUpperCase().replaceAll('-', '_')}`;

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/**
 * serve's options from its arguments, each missing one from its environment variable: a flag wins
 * over its variable, and a variable set to nothing counts as unset. `--json` is taken and ignored, as
 * every command takes it. A value a variable cannot hold (a switch that is not yes or no) is a
 * UsageError naming the variable; values are checked further by the option they fill.
 */
export function serveSettings(args: string[], environment: NodeJS.ProcessEnv): ServeSettings {
  const { values, tokens } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...OPTIONS, json: { type: 'boolean' } }, strict: true, allowPositionals: true, tokens: true }),
  );
  const flags: Record<string, unknown> = { ...values, 'trust-proxy': trustedAddresses(tokens) };
  const settings: Record<string, Given<unknown>> = {};
  for (const [name, option] of Object.entries(OPTIONS) as [Name, (typeof OPTIONS)[Name]][]) {
    const flag = flags[name];
    if (flag !== undefined) {
      settings[name] = { value: flag, source: `--${name}` };
      continue;
    }
    const variable = environmentName(name);
    const text = environment[variable]?.trim();
    if (text === undefined || text === '') continue;
    settings[name] = { value: fromEnvironment(option, variable, text), source: variable };
  }
  return settings as ServeSettings;
}

/**
 * `--trust-proxy ADDRESS...`: the addresses after each `--trust-proxy` up to the next option (also
 * comma-separated); undefined when it is not given. Any other argument that is not an option is refused.
 */
function trustedAddresses(tokens: ReturnType<typeof parseArgs>['tokens'] = []): string[] | undefined {
  let addresses: string[] | undefined;
  let listing = false;
  for (const token of tokens) {
    if (token.kind === 'option') {
      listing = token.name === 'trust-proxy';
      if (listing) addresses = [...(addresses ?? []), ...splitList(token.value ?? '')];
    } else if (token.kind === 'positional' && listing) {
      addresses!.push(...splitList(token.value));
    } else if (token.kind === 'positional') {
      throw new UsageError(COMMAND, `unexpected argument "${token.value}"`);
    } else {
      listing = false;
    }
  }
  return addresses;
}

const splitList = (text: string): string[] => text.split(/[\s,]+/).filter((item) => item !== '');

function fromEnvironment(option: (typeof OPTIONS)[Name], variable: string, text: string): unknown {
  if (option.type === 'boolean') {
    const word = text.toLowerCase();
    if (TRUE.has(word)) return true;
    if (FALSE.has(word)) return false;
    throw new UsageError(COMMAND, `${variable} takes 1, true, yes or on (0, false, no or off to leave it off), not "${text}"`);
  }
  // A list (PLANDESK_TRUST_PROXY): separated by commas or spaces.
  return 'multiple' in option ? splitList(text) : text;
}
