// A workspace with one employer at renewal, for the exhibit's command-line and browser tests:
// a medical plan renewed with its carrier (deductible raised), a dental plan converted to another
// carrier, and a medical alternative of the new year without a prior-year plan.
import { initWorkspace, openWorkspace } from '../../main/workspace/workspace.js';
import { validEmployerBody, validPlanBody } from './fixtures.js';

export const EXHIBIT_AGENCY = 'Northwind Benefits';

export interface ExhibitWorkspace {
  employer: string;
  medical2025: string;
  medical2026: string;
  dental2025: string;
  dental2026: string;
  alternative: string;
}

const rates = (gross: number[], ee: number[]) =>
  Object.fromEntries(
    [1, 2, 3, 4].flatMap((t) => [
      [`t${t}_gross`, gross[t - 1]],
      [`t${t}_ee`, ee[t - 1]],
    ]),
  );
const year = (y: number) => ({ start_date: `${y}-01-01`, end_date: `${y}-12-31` });

export function createExhibitWorkspace(dir: string): ExhibitWorkspace {
  const created = initWorkspace(dir, { account: EXHIBIT_AGENCY, email: 'broker@northwind.example.com', division: 'West' });
  const workspace = openWorkspace(dir);
  try {
    const post = (path: string, body: Record<string, unknown>): string => {
      const response = workspace.router({ method: 'POST', path, body, actor: workspace.actor });
      if (response.status >= 300) throw new Error(`POST ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
      return (response.body as { id: string }).id;
    };
    const employer = post('/employers/', validEmployerBody(created.division, { name: 'Harbor Foods', other_filters: [] }));
    const plan = (benefit: 'medical' | 'dental', fields: Record<string, unknown>) =>
      post(`/plans/${benefit}/`, validPlanBody(benefit, { employer, from_plan: undefined, from_action: undefined, ...fields }));
    const medical2025 = plan('medical', {
      title: 'Gold PPO 2025',
      carrier: 'Acme Health',
      ...year(2025),
      in_ded_single: 1500,
      ...rates([6250, 12500, 11250, 18750], [1500, 4500, 3750, 7500]),
    });
    const medical2026 = plan('medical', {
      title: 'Gold PPO 2026',
      carrier: 'Acme Health',
      ...year(2026),
      from_plan: medical2025,
      from_action: 'RENEWED',
      in_ded_single: 2000,
      ...rates([6688, 13375, 12038, 20063], [1650, 4800, 4000, 8000]),
    });
    const dental2025 = plan('dental', { title: 'Dental 2025', carrier: 'Bright Smiles', ...year(2025), ...rates([540, 1400, 1400, 1400], [0, 500, 500, 500]) });
    const dental2026 = plan('dental', {
      title: 'Dental 2026',
      carrier: 'Smile Mutual',
      ...year(2026),
      from_plan: dental2025,
      from_action: 'CONVERTED',
      ...rates([513, 1330, 1330, 1330], [0, 475, 475, 475]),
    });
    const alternative = plan('medical', {
      title: 'Harbor HDHP 2026',
      carrier: 'Beacon Mutual',
      type: 'HDHP',
      hsa: true,
      ...year(2026),
      in_ded_single: 3400,
      ...rates([4800, 9600, 8800, 13600], [600, 2400, 2000, 4000]),
    });
    return { employer, medical2025, medical2026, dental2025, dental2026, alternative };
  } finally {
    workspace.close();
  }
}
