import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { exhibitDocument } from '../../shared/exhibit/document.js';
import { parseEnrollment } from '../../shared/exhibit/enrollment.js';
import { localDate } from '../exhibit/exhibit-bridge.js';
import { exhibitFile, type ExhibitFormat } from '../exhibit/exhibit-files.js';
import { workspaceExhibit } from '../exhibit/workspace-exhibit.js';
import { writeNewFile } from '../export/write-export.js';
import { noPositionals, parseOrUsage, required, UsageError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'exhibit';

export const exhibitHelp = `Usage: plandesk exhibit [--workspace DIR] --employer ID --year YYYY [--enroll T1,T2,T3,T4]
       [--include PLAN_ID]... --out FILE.pdf | FILE.html

The renewal exhibit of the employer for plan year YYYY: each medical, dental and vision plan
starting in that year beside the plan it renews or converts (its prior-year plan), the plan design
with changes marked, premiums per tier per month and per year (gross, employee and employer share)
and the change in dollars and percent. The agency (the workspace's account), the employer, the plan
year and today's date head every page.

  --enroll T1,T2,T3,T4  employees in each tier (employee only, + spouse, + children, + family),
                        for the total annual cost; without it, the enrollment saved in the app for
                        that employer and year, if any
  --include PLAN_ID     a plan of the new year without a prior-year plan, shown as an alternative
                        (repeatable)
  --out FILE            .pdf (text a reader can search and copy) or .html (the same document, printable)

Never overwrites: exit 1 when FILE exists. Exit 1 with the reason when the employer has no plan
starting in YYYY.
`;

function formatOf(out: string): ExhibitFormat {
  const extension = extname(out).toLowerCase();
  if (extension === '.pdf') return 'pdf';
  if (extension === '.html' || extension === '.htm') return 'html';
  throw new UsageError(COMMAND, `--out must end in .pdf or .html, not "${out}"`);
}

function yearOf(text: string): number {
  if (!/^\d{4}$/.test(text)) throw new UsageError(COMMAND, `--year is a plan year like 2026, not "${text}"`);
  return Number(text);
}

export async function runExhibit(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: {
        ...workspaceOption,
        employer: { type: 'string' },
        year: { type: 'string' },
        enroll: { type: 'string' },
        include: { type: 'string', multiple: true },
        out: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const employer = required(COMMAND, values.employer, '--employer ID');
  const year = yearOf(required(COMMAND, values.year, '--year YYYY'));
  const out = required(COMMAND, values.out, '--out FILE.pdf | FILE.html');
  const format = formatOf(out);
  let enrollment = null;
  if (values.enroll !== undefined) {
    const parsed = parseEnrollment(values.enroll);
    if (!parsed.ok) throw new UsageError(COMMAND, `--enroll: ${parsed.error}`);
    enrollment = parsed.enrollment;
  }
  return withWorkspace(values.workspace, async (workspace) => {
    const { result } = await workspaceExhibit(workspace, { employer, year, enrollment, include: values.include ?? [], date: localDate() });
    if (!result.ok) throw new Error(result.error);
    writeNewFile(out, await exhibitFile(exhibitDocument(result.exhibit), format));
    const count = result.exhibit.sections.length;
    await writeLine(`Wrote the renewal exhibit of ${result.exhibit.employer} for plan year ${year} (${count} ${count === 1 ? 'plan' : 'plans'}) to ${out}.`);
    return 0;
  });
}
