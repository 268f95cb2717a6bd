// docs/cli.md against the command itself: every command `plandesk` knows is in the contents list
// and has its section, and the options its `--help` gives are the ones its section's synopsis gives.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPlandesk } from '../support/cli-run.js';

const DOC = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const CONTENTS = DOC.slice(0, DOC.indexOf('\n## '));

// The commands, as the command line names them when it is given one it does not know.
const unknown = await runPlandesk(['no-such-command']);
const COMMANDS = /commands: (.+?) \(plandesk --help/.exec(unknown.stderr)![1]!.split(', ');

/** The text under the heading that names `plandesk COMMAND`, to the next heading. */
function sectionOf(command: string): string | undefined {
  const heading = DOC.split('\n').findIndex((line) => line.startsWith('### ') && line.includes(`\`plandesk ${command}\``));
  if (heading === -1) return undefined;
  const rest = DOC.split('\n').slice(heading + 1);
  const end = rest.findIndex((line) => line.startsWith('## ') || line.startsWith('### '));
  return rest.slice(0, end === -1 ? undefined : end).join('\n');
}

/** The section's synopsis lines (`    plandesk COMMAND ...`), each with the lines that continue it. */
function synopsisOf(command: string): string {
  const lines: string[] = [];
  let continuing = false;
  for (const line of sectionOf(command)!.split('\n')) {
    if (line.startsWith(`    plandesk ${command} `)) lines.push(line);
    else if (continuing && /^ {8,}\[/.test(line)) lines.push(line);
    else continuing = false;
    if (lines.at(-1) === line) continuing = true;
  }
  return lines.join('\n');
}

const optionsIn = (text: string) => [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort();

describe('docs/cli.md', () => {
  it('knows the commands from the command line itself', () => {
    expect(COMMANDS).toContain('serve');
    expect(COMMANDS).toContain('env list');
  });

  it.each(COMMANDS)('lists `%s` in its contents and gives it a section', (command) => {
    expect(CONTENTS).toContain(`\`${command}\``);
    expect(sectionOf(command), `a "### ... \`plandesk ${command}\`" heading`).toBeDefined();
  });

  it.each(COMMANDS)("gives `%s` the options of its --help's usage", async (command) => {
    const help = await runPlandesk([...command.split(' '), '--help']);
    expect(help.code).toBe(0);
    const usage = help.stdout.slice(0, help.stdout.indexOf('\n\n'));
    expect(optionsIn(synopsisOf(command))).toEqual(optionsIn(usage));
  });
});
