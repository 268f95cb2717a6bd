// A workspace with one employer at renewal, for the exhibit's command-line and browser tests:
// a medical plan renewed with its carrier (deductible raised), a dental plan converted to another
// carrier, and a medical alternative of the new year without a prior-year plan.
import { initWorkspace, openWorkspace } from '../../main/workspace/workspace.js';
import { planYear, tierRates, validEmployerBody, validPlanBody } from './fixtures.js';

export const EXHIBIT_AGENCY = 'Northwind Benefits';

export interface ExhibitWorkspace {
  employer: string;
  medical2025: string;
  medical2026: string;
  dental2025: string;
  dental2026: string;
  alternative: string;
}

export async function createExhibitWorkspace(dir: string): Promise<ExhibitWorkspace> {
  const created = await initWorkspace(dir, { account: EXHIBIT_AGENCY, email: 'broker@northwind.example.com', division: 'West' });
  const workspace = await openWorkspace(dir);
  try {
    const post = async (path: string, body: Record<string, unknown>): Promise<string> => {
      const response = await workspace.router({ method: 'POST', path, body, actor: workspace.actor });
      if (response.status >= 300) throw new Error(`POST ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
      return (response.body as { id: string }).id;
    };
    const employer = await post('/employers/', validEmployerBody(created.division, { name: 'Harbor Foods', other_filters: [] }));
    const plan = (benefit: 'medical' | 'dental', fields: Record<string, unknown>) =>
      post(`/plans/${benefit}/`, validPlanBody(benefit, { employer, from_plan: undefined, from_action: undefined, ...fields }));
    const medical2025 = await plan('medical', {
      title: 'Gold PPO 2025',
      carrier: 'Acme Health',
      ...planYear(2025),
      in_ded_single: 1500,
      ...tierRates([6250, 12500, 11250, 18750], [1500, 4500, 3750, 7500]),
    });
    const medical2026 = await plan('medical', {
      title: 'Gold PPO 2026',
      carrier: 'Acme Health',
      ...planYear(2026),
      from_plan: medical2025,
      from_action: 'RENEWED',
      in_ded_single: 2000,
      ...tierRates([6688, 13375, 12038, 20063], [1650, 4800, 4000, 8000]),
    });
    const dental2025 = await plan('dental', {
      title: 'Dental 2025',
      carrier: 'Bright Smiles',
      ...planYear(2025),
      ...tierRates([540, 1400, 1400, 1400], [0, 500, 500, 500]),
    });
    const dental2026 = await plan('dental', {
      title: 'Dental 2026',
      carrier: 'Smile Mutual',
      ...planYear(2026),
      from_plan: dental2025,
      from_action: 'CONVERTED',
      ...tierRates([513, 1330, 1330, 1330], [0, 475, 475, 475]),
    });
    const alternative = await plan('medical', {
      title: 'Harbor HDHP 2026',
      carrier: 'Beacon Mutual',
      type: 'HDHP',
      hsa: true,
      ...planYear(2026),
      in_ded_single: 3400,
      ...tierRates([4800, 9600, 8800, 13600], [600, 2400, 2000, 4000]),
    });
    return { employer, medical2025, medical2026, dental2025, dental2026, alternative };
  } finally {
    workspace.close();
  }
}
