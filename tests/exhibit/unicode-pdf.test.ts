// The exhibit's PDF writes names in any script a broker's clients have: employers, agencies and
// carriers named in Polish, German, Vietnamese and Chinese read back intact from the PDF's text
// (pdftotext), as does the minus sign of a premium that went down.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exhibitPdf } from '../../main/exhibit/exhibit-pdf.js';
import { fontRuns } from '../../main/exhibit/pdf-fonts.js';
import { workspaceExhibit } from '../../main/exhibit/workspace-exhibit.js';
import { initWorkspace, openWorkspace, type Workspace } from '../../main/workspace/workspace.js';
import { exhibitDocument } from '../../shared/exhibit/document.js';
import { planYear, tierRates, validEmployerBody, validPlanBody } from '../support/fixtures.js';

const EMPLOYERS = [
  { language: 'Polish', employer: 'Zakład Łódź Spółka z o.o.', carrier: 'Żółć Ubezpieczenia' },
  { language: 'German', employer: 'Müller & Søn GmbH', carrier: 'Süddeutsche Straßenbahn-Versicherung' },
  { language: 'Vietnamese', employer: 'Công ty Cổ phần Việt Đức', carrier: 'Bảo hiểm Sức khỏe Thắng Lợi' },
  { language: 'Chinese', employer: '上海平安贸易有限公司', carrier: '中国人寿保险' },
];
const AGENCY = 'Agencja Świętokrzyska & Co';

let dir: string;
let workspace: Workspace;
const employerIds = new Map<string, string>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-unicode-exhibit-'));
  const created = await initWorkspace(join(dir, 'ws'), { account: AGENCY, email: 'broker@example.com', division: 'Kraków' });
  workspace = await openWorkspace(join(dir, 'ws'));
  const post = async (path: string, body: Record<string, unknown>): Promise<string> => {
    const response = await workspace.router({ method: 'POST', path, body, actor: workspace.actor });
    if (response.status >= 300) throw new Error(`POST ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as { id: string }).id;
  };
  for (const [i, { employer: name, carrier }] of EMPLOYERS.entries()) {
    const employer = await post('/employers/', validEmployerBody(created.division, { name, url: `https://employer-${i}.example.com`, other_filters: [] }));
    const medical = (year: number, gross: number[], fields: Record<string, unknown>) =>
      post(
        '/plans/medical/',
        validPlanBody('medical', { employer, carrier, title: `${carrier} ${year}`, ...planYear(year), ...tierRates(gross, [0, 0, 0, 0]), ...fields }),
      );
    const prior = await medical(2025, [6000, 12000, 11000, 18000], { from_plan: undefined, from_action: undefined });
    // a lower renewal: the change is written with a minus sign, U+2212
    await medical(2026, [5400, 12000, 11000, 18000], { from_plan: prior, from_action: 'RENEWED' });
    employerIds.set(name, employer);
  }
});

afterAll(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The text a reader copies out of the exhibit's PDF, whitespace squeezed. */
async function pdfTextOf(name: string): Promise<string> {
  const { result } = await workspaceExhibit(workspace, {
    employer: employerIds.get(name)!,
    year: 2026,
    enrollment: [1, 1, 1, 1],
    include: [],
    date: '2026-01-05',
  });
  if (!result.ok) throw new Error(result.error);
  const file = join(dir, `${employerIds.get(name)}.pdf`);
  writeFileSync(file, await exhibitPdf(exhibitDocument(result.exhibit)));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('the exhibit PDF in every script', () => {
  for (const { language, employer, carrier } of EMPLOYERS) {
    it(`gives back the employer, its carrier and the agency named in ${language}`, async () => {
      const text = await pdfTextOf(employer);
      expect(text).toContain(employer);
      expect(text).toContain(`${carrier} 2026`);
      expect(text).toContain(AGENCY);
    });
  }

  it('writes a premium that went down with the minus sign the screen shows', async () => {
    // $6,000 → $5,400 a year: −$50.00 a month, −10.0%
    const text = await pdfTextOf(EMPLOYERS[0]!.employer);
    expect(text).toContain('\u2212$50.00');
    expect(text).toContain('\u221210.0%');
  });

  it('draws Chinese characters in the CJK font and everything else in Noto Sans, without a run per character', () => {
    expect(fontRuns('上海 Łódź 平安', 'bold')).toEqual([
      { font: 'cjk', text: '上海' },
      { font: 'bold', text: ' Łódź ' },
      { font: 'cjk', text: '平安' },
    ]);
    expect(fontRuns('Công ty Việt Đức', 'regular')).toEqual([{ font: 'regular', text: 'Công ty Việt Đức' }]);
  });
});
