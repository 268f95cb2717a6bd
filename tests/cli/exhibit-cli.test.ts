// `plandesk exhibit`, spawned for real: the PDF's text (pdftotext) holds every heading and figure of
// the exhibit, the agency heads every page, the HTML says the same, and every bad input is refused
// with its reason and writes nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceExhibit } from '../../main/exhibit/workspace-exhibit.js';
import { saveEnrollment } from '../../main/store/enrollment-store.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { openWorkspace, WORKSPACE_DB } from '../../main/workspace/workspace.js';
import { exhibitDocument, type ExhibitDocument } from '../../shared/exhibit/document.js';
import { escapeHtml } from '../../shared/exhibit/html.js';
import { runPlandesk, type CliResult } from '../support/cli-run.js';
import { createExhibitWorkspace, EXHIBIT_AGENCY, type ExhibitWorkspace } from '../support/exhibit-workspace.js';

/** Where the page image goes, for a person to look at: it is what the client sees. */
const PAGE_IMAGES = fileURLToPath(new URL('../../e2e-screenshots/', import.meta.url));

let dir: string;
let ws: ExhibitWorkspace;

const run = (args: string[]) => runPlandesk(['exhibit', '--workspace', join(dir, 'ws'), ...args]);

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The document the command should have drawn, built in-process from the same workspace. */
async function expectedDocument(enrollment: [number, number, number, number] | null, include: string[]): Promise<ExhibitDocument> {
  const workspace = await openWorkspace(join(dir, 'ws'));
  try {
    const { result } = await workspaceExhibit(workspace, { employer: ws.employer, year: 2026, enrollment, include, date: today() });
    if (!result.ok) throw new Error(result.error);
    return exhibitDocument(result.exhibit);
  } finally {
    workspace.close();
  }
}

/** Every piece of text the exhibit shows: headings, table captions, column heads and cells. */
function everyText(doc: ExhibitDocument): string[] {
  const texts = [doc.title, doc.agency, doc.employer, doc.planYear, doc.date, doc.runningHead, ...(doc.enrollment ? [doc.enrollment] : []), ...doc.notes];
  for (const section of doc.sections) {
    texts.push(section.title, section.subtitle);
    for (const table of section.tables) texts.push(table.caption, ...table.columns, ...table.rows.flatMap((row) => row.cells));
    if (section.chart) texts.push(section.chart.caption, ...section.chart.tiers.map((tier) => tier.label));
  }
  return texts.filter((text) => text !== '');
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ');

function pdfPages(file: string): string[] {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((page) => page.trim() !== '');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-exhibit-cli-'));
  ws = await createExhibitWorkspace(join(dir, 'ws'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('plandesk exhibit --out FILE.pdf', () => {
  let file: string;
  let pages: string[];

  beforeAll(async () => {
    file = join(dir, 'harbor-2026.pdf');
    const result = await run(['--employer', ws.employer, '--year', '2026', '--enroll', '10,2,3,5', '--include', ws.alternative, '--out', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`Wrote the renewal exhibit of Harbor Foods for plan year 2026 (3 plans) to ${file}.\n`);
    pages = pdfPages(file);
  });

  it('holds every heading and figure of the exhibit as real text', async () => {
    const text = squeeze(pages.join(' '));
    const missing = everyText(await expectedDocument([10, 2, 3, 5], [ws.alternative])).filter((piece) => !text.includes(squeeze(piece)));
    expect(missing).toEqual([]);
  });

  it('shows the hand-worked figures of the medical renewal', () => {
    const text = squeeze(pages.join(' '));
    // tier 1 gross: $6,250 → $520.83 a month; $6,688 → $557.33; +$438 a year → +$36.50 a month, +7.0%
    for (const figure of ['$520.83', '$557.33', '+$36.50', '+$438.00', '+7.0%']) expect(text).toContain(figure);
    // total premium: 10 × 6,250 + 2 × 12,500 + 3 × 11,250 + 5 × 18,750 = $215,000;
    // renewal 10 × 6,688 + 2 × 13,375 + 3 × 12,038 + 5 × 20,063 = $230,059: +$15,059
    for (const figure of ['$215,000.00', '$230,059.00', '+$15,059.00']) expect(text).toContain(figure);
    // the dental conversion's single tier: $540 → $513: −$27, −5.0% (the minus sign, U+2212, as on the screen)
    for (const figure of ['\u2212$27.00', '\u22125.0%', 'Conversion: Dental 2026 (Smile Mutual']) expect(text).toContain(figure);
  });

  it('puts the agency, the employer, the plan year and the date on every page', () => {
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(`${EXHIBIT_AGENCY} · Harbor Foods · Plan year 2026 · ${today()}`);
  });

  it('renders a first page a client can read (written to e2e-screenshots/ to look at)', () => {
    mkdirSync(PAGE_IMAGES, { recursive: true });
    const prefix = join(PAGE_IMAGES, 'exhibit-pdf');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '2', file, prefix]);
    expect(statSync(`${prefix}-1.png`).size).toBeGreaterThan(20_000);
    expect(statSync(`${prefix}-2.png`).size).toBeGreaterThan(20_000);
  });
});

describe('plandesk exhibit --out FILE.html', () => {
  it('writes the same document as HTML with its print style sheet', async () => {
    const file = join(dir, 'harbor-2026.html');
    const result = await run(['--employer', ws.employer, '--year', '2026', '--out', file]);
    expect(result.code, result.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('@media print');
    const missing = everyText(await expectedDocument(null, [])).filter((piece) => !html.includes(escapeHtml(piece)));
    expect(missing).toEqual([]);
    expect(html).not.toContain('Harbor HDHP 2026');
  });
});

describe('plandesk exhibit without --enroll', () => {
  it('totals over the enrollment saved with the workspace for that employer and year', async () => {
    const db = openSqliteDatabase(join(dir, 'ws', WORKSPACE_DB));
    try {
      saveEnrollment(db, ws.employer, 2026, [1, 0, 0, 1], '2026-01-05T10:00:00.000Z');
    } finally {
      db.close();
    }
    const file = join(dir, 'saved-enrollment.pdf');
    const result = await run(['--employer', ws.employer, '--year', '2026', '--out', file]);
    expect(result.code, result.stderr).toBe(0);
    const text = squeeze(pdfPages(file).join(' '));
    // medical gross: 6,250 + 18,750 = $25,000 now; 6,688 + 20,063 = $26,751 at renewal
    for (const piece of ['Total cost for 2 enrolled employees', '$25,000.00', '$26,751.00', '+$1,751.00']) expect(text).toContain(piece);
  });
});

describe('what plandesk exhibit refuses', () => {
  const expectFailure = (result: CliResult, code: number, reason: string) => {
    expect(result.code, result.stderr).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(reason);
  };

  it('exits 1 with the reason when the employer has no plan starting in the year', async () => {
    const out = join(dir, 'none.pdf');
    expectFailure(
      await run(['--employer', ws.employer, '--year', '2031', '--out', out]),
      1,
      'Harbor Foods has no medical, dental or vision plan starting in 2031.',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses an unknown employer, an unknown alternative and a plan of another year as an alternative', async () => {
    const out = join(dir, 'refused.pdf');
    expectFailure(
      await run(['--employer', '00000000-0000-4000-8000-00000000abcd', '--year', '2026', '--out', out]),
      1,
      'No employer has the id 00000000-0000-4000-8000-00000000abcd.',
    );
    expectFailure(
      await run(['--employer', ws.employer, '--year', '2026', '--include', '00000000-0000-4000-8000-00000000abcd', '--out', out]),
      1,
      '00000000-0000-4000-8000-00000000abcd is not a medical, dental or vision plan of Harbor Foods.',
    );
    expectFailure(await run(['--employer', ws.employer, '--year', '2026', '--include', ws.medical2025, '--out', out]), 1, 'starts 2025-01-01, not in 2026');
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    [['--enroll', '10,2,3'], '--enroll: Enrollment is four counts'],
    [['--enroll', '10,-2,3,5'], '--enroll: Employee + spouse enrollment "-2" is not a whole number'],
    [['--year', '26'], '--year is a plan year like 2026, not "26"'],
    [['--out', 'exhibit.docx'], '--out must end in .pdf or .html'],
  ])('exits 2 for %j', async (override, reason) => {
    const args = { '--employer': ws.employer, '--year': '2026', '--out': join(dir, 'bad.pdf') } as Record<string, string>;
    args[override[0]!] = override[1]!;
    expectFailure(await run(Object.entries(args).flat()), 2, reason);
    expect(existsSync(join(dir, 'bad.pdf'))).toBe(false);
  });

  it('never overwrites an existing file', async () => {
    const out = join(dir, 'existing.pdf');
    writeFileSync(out, 'the broker’s own file');
    expectFailure(await run(['--employer', ws.employer, '--year', '2026', '--out', out]), 1, 'already exists');
    expect(readFileSync(out, 'utf8')).toBe('the broker’s own file');
  });
});
