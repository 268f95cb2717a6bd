// What the broker screens' end-to-end tests start from: one employer with this year's medical plan,
// made through the app's own core.
import { goldPpoBody } from '../../support/fixtures.js';
import { localOk, mainDivision } from './admin-flow.js';
import type { RunningApp } from './browser.js';

/** Globex (New York, NAICS 541511) and its Gold PPO plan of `year`, in the workspace's own division. */
export async function globexWithGoldPpo(app: RunningApp, year: number): Promise<{ employerId: string; planId: string }> {
  const employer = (await localOk(app, 'POST', '/employers/', {
    name: 'Globex',
    url: 'https://globex.example',
    size: '120',
    naics_codes: ['541511'],
    location_states: ['NY'],
    other_filters: [],
    division: await mainDivision(app),
  })) as { id: string };
  const plan = (await localOk(app, 'POST', '/plans/medical/', goldPpoBody(employer.id, year))) as { id: string };
  return { employerId: employer.id, planId: plan.id };
}
