import type { Division } from '../../../shared/resources/division';
import { api, failureMessage } from '../../api/api';
import { invalidateAdmin } from '../admin-state';

/** A division change through the local API (queued like any change); the failure in words, or undefined. */
async function settled(result: Awaited<ReturnType<typeof api.put>>): Promise<string | undefined> {
  await invalidateAdmin();
  if (result.ok) return undefined;
  return failureMessage({ ...result, detail: result.detail ?? (Object.values(result.fieldErrors).flat().join(' ') || undefined) });
}

const bodyOf = (division: Division) => ({ name: division.name, users: division.users, employer_ids: division.employer_ids });

/** A new division held by the admin who makes it (so it shows in their lists). */
export const createDivision = async (name: string, adminEmail: string) =>
  settled(await api.post('/divisions/', { name, users: [adminEmail], employer_ids: [] }));

export const renameDivision = async (division: Division, name: string) => settled(await api.put(`/divisions/${division.id}/`, { ...bodyOf(division), name }));

/** Refused while the division still holds employers: move them first. */
export const deleteDivision = async (division: Division) => settled(await api.delete(`/divisions/${division.id}/`));

/** The employers leave their divisions for `target`, all at once: one change of `target`, queued like any. */
export async function moveEmployers(target: Division, employerIds: readonly string[]): Promise<string | undefined> {
  const held = new Set(target.employer_ids);
  const joining = employerIds.filter((id) => !held.has(id));
  return settled(await api.put(`/divisions/${target.id}/`, { ...bodyOf(target), employer_ids: [...target.employer_ids, ...joining] }));
}
