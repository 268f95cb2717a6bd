// The check every sync test ends with: the remote holds exactly one copy of every local record,
// with the right references, and the local sync state says so. The remote is read through its own
// router as its admin (no network, no proxy in between), by the records' unique keys.
import { expect } from 'vitest';
import { countOutstanding } from '../../../main/store/sync-queue-store.js';
import { prepared } from '../../../main/store/sqlite-store.js';
import { planKind, type Benefit } from '../../../shared/plans/index.js';
import type { TestLocal, TestRemote } from './harness.js';

type Json = any;

export interface MirrorOptions {
  /** Names of employers the remote may hold that are not ours (made there by someone else). */
  foreignEmployers?: string[];
  /** Titles of plans the remote may hold on our employers that are not ours. */
  foreignPlans?: string[];
}

const lower = (text: string) => text.trim().toLowerCase();
const sorted = (list: string[]) => [...list].sort();

/** Everything that keeps the remote from being an exact mirror of the local records; empty when it is. */
export async function mirrorProblems(local: TestLocal, env: string, remote: TestRemote, options: MirrorOptions = {}): Promise<string[]> {
  const problems: string[] = [];
  const db = local.ws.db;
  const mapping = new Map(
    (prepared(db, 'SELECT local_id, remote_id FROM id_map WHERE env = ?').all(env) as { local_id: string; remote_id: string }[]).map((row) => [
      row.local_id,
      row.remote_id,
    ]),
  );
  const mapped = (localId: string | null): string | null => (localId === null ? null : (mapping.get(localId) ?? `<unmapped ${localId}>`));
  const localIds = new Set<string>();

  // Local state: nothing outstanding, every record synced.
  const outstanding = countOutstanding(db, env);
  if (outstanding !== 0) problems.push(`${outstanding} records are still outstanding for ${env}`);
  for (const row of prepared(db, "SELECT record_id, entity, status, last_error FROM record_sync WHERE env = ? AND status <> 'synced'").all(env) as Json[]) {
    problems.push(`local state of ${row.entity} ${row.record_id} is ${row.status}: ${row.last_error}`);
  }

  // Divisions: one remote division per local name, the mapped one, with the same members among pushed users.
  const queuedUsers = new Set(prepared(db, "SELECT DISTINCT record_id FROM outbox WHERE entity = 'user'").pluck().all() as string[]);
  const remoteDivisions = (await remote.ok('GET', '/divisions/list/')) as { id: string; name: string }[];
  const localUsers: Json[] = [];
  for (const user of (await local.ok('GET', '/users/list/')) as { id: string }[]) {
    if (queuedUsers.has(user.id)) localUsers.push(await local.ok('GET', `/users/${user.id}/`));
  }
  const pushedEmails = new Set(localUsers.map((user) => lower(user.email)));
  for (const { id } of (await local.ok('GET', '/divisions/list/')) as { id: string }[]) {
    localIds.add(id);
    const division = await local.ok('GET', `/divisions/${id}/`);
    const copies = remoteDivisions.filter((candidate) => lower(candidate.name) === lower(division.name));
    if (copies.length !== 1) problems.push(`division '${division.name}' has ${copies.length} copies on the remote`);
    if (copies[0] && copies[0].id !== mapping.get(id))
      problems.push(`division '${division.name}' is mapped to ${mapped(id)}, the remote has it as ${copies[0].id}`);
    const remoteDivision = await remote.call('GET', `/divisions/${mapped(id)}/`);
    if (remoteDivision.status !== 200) continue;
    const want = sorted((division.users as string[]).map(lower).filter((email) => pushedEmails.has(email)));
    const have = sorted((remoteDivision.body.users as string[]).map(lower).filter((email) => pushedEmails.has(email)));
    if (JSON.stringify(want) !== JSON.stringify(have))
      problems.push(`division '${division.name}' members ${JSON.stringify(have)} on the remote, ${JSON.stringify(want)} here`);
  }

  // Users: exactly one remote user per e-mail, the mapped one, in the mapped divisions.
  const remoteUsers = (await remote.ok('GET', '/users/list/')) as { id: string; email: string }[];
  for (const user of localUsers) {
    localIds.add(user.id);
    const copies = remoteUsers.filter((candidate) => lower(candidate.email) === lower(user.email));
    if (copies.length !== 1) problems.push(`user ${user.email} has ${copies.length} copies on the remote`);
    if (copies[0] && copies[0].id !== mapping.get(user.id)) problems.push(`user ${user.email} is mapped to ${mapped(user.id)}, the remote has ${copies[0].id}`);
    const remoteUser = await remote.call('GET', `/users/${mapped(user.id)}/`);
    if (remoteUser.status !== 200) {
      problems.push(`user ${user.email}: the mapped remote user ${mapped(user.id)} answers ${remoteUser.status}`);
      continue;
    }
    compare(
      problems,
      `user ${user.email}`,
      {
        email: lower(user.email),
        first_name: user.first_name,
        last_name: user.last_name,
        division_ids: sorted(user.division_ids.map(mapped)),
      },
      {
        email: lower(remoteUser.body.email),
        first_name: remoteUser.body.first_name,
        last_name: remoteUser.body.last_name,
        division_ids: sorted(remoteUser.body.division_ids),
      },
    );
  }

  // Employers: exactly one per name, the mapped one, with the same fields and mapped references.
  const localFilters = new Map(((await local.ok('GET', '/filters/list/')) as { id: string; name: string }[]).map((filter) => [filter.id, filter.name]));
  const remoteFilters = new Map(((await remote.ok('GET', '/filters/list/')) as { id: string; name: string }[]).map((filter) => [filter.id, filter.name]));
  const remoteEmployers = (await remote.ok('GET', '/employers/list/')) as { id: string; name: string }[];
  const ourRemoteEmployers = new Set<string>();
  for (const { id } of (await local.ok('GET', '/employers/list/')) as { id: string }[]) {
    localIds.add(id);
    const employer = await local.ok('GET', `/employers/${id}/`);
    const copies = remoteEmployers.filter((candidate) => lower(candidate.name) === lower(employer.name));
    if (copies.length !== 1) problems.push(`employer '${employer.name}' has ${copies.length} copies on the remote`);
    if (copies[0] && copies[0].id !== mapping.get(id))
      problems.push(`employer '${employer.name}' is mapped to ${mapped(id)}, the remote has it as ${copies[0].id}`);
    const remoteEmployer = await remote.call('GET', `/employers/${mapped(id)}/`);
    if (remoteEmployer.status !== 200) {
      problems.push(`employer '${employer.name}': the mapped remote employer ${mapped(id)} answers ${remoteEmployer.status}`);
      continue;
    }
    ourRemoteEmployers.add(remoteEmployer.body.id);
    const fields = (record: Json, filterNames: Map<string, string>) => ({
      name: record.name,
      url: record.url,
      size: record.size,
      naics_codes: sorted(record.naics_codes),
      location_states: sorted(record.location_states),
      other_filters: sorted((record.other_filters as string[]).map((filter) => filterNames.get(filter) ?? `<unknown filter ${filter}>`)),
    });
    compare(
      problems,
      `employer '${employer.name}'`,
      { ...fields(employer, localFilters), division: mapped(employer.division) },
      { ...fields(remoteEmployer.body, remoteFilters), division: remoteEmployer.body.division },
    );

    // Its plans: exactly one remote plan per (kind, title), the mapped one, nothing more.
    const localPlans: Json[] = [];
    for (const ref of [...employer.plans, ...employer.plans_expired] as { benefit: Benefit; id: string }[]) {
      localPlans.push({ benefit: ref.benefit, ...(await local.ok('GET', `/plans/${ref.benefit}/${ref.id}/`)) });
    }
    const remotePlans: Json[] = [];
    for (const ref of [...remoteEmployer.body.plans, ...remoteEmployer.body.plans_expired] as { benefit: Benefit; id: string }[]) {
      remotePlans.push({ benefit: ref.benefit, ...(await remote.ok('GET', `/plans/${ref.benefit}/${ref.id}/`)) });
    }
    const ourPlans = new Set(localPlans.map((plan: Json) => mapping.get(plan.id)));
    for (const plan of remotePlans) {
      if (!ourPlans.has(plan.id) && !(options.foreignPlans ?? []).map(lower).includes(lower(plan.title))) {
        problems.push(`the remote holds ${plan.benefit} plan '${plan.title}' (${plan.id}) on '${employer.name}', which is no local record's copy`);
      }
    }
    for (const plan of localPlans) {
      localIds.add(plan.id);
      const benefit = plan.benefit as Benefit;
      const label = `${benefit} plan '${plan.title}' of '${employer.name}'`;
      const copies = remotePlans.filter((candidate: Json) => candidate.benefit === benefit && lower(candidate.title) === lower(plan.title));
      if (copies.length !== 1) problems.push(`${label} has ${copies.length} copies on the remote`);
      const remotePlan = copies.find((candidate: Json) => candidate.id === mapping.get(plan.id));
      if (!remotePlan) {
        problems.push(`${label} is mapped to ${mapped(plan.id)}, which is not the remote's copy`);
        continue;
      }
      const want: Record<string, unknown> = {};
      const have: Record<string, unknown> = {};
      for (const field of Object.keys(planKind(benefit).fields)) {
        want[field] = field === 'employer' || field === 'from_plan' ? mapped(plan[field] ?? null) : plan[field];
        have[field] = remotePlan[field];
      }
      compare(problems, label, want, have);
    }
  }
  for (const employer of remoteEmployers) {
    if (!ourRemoteEmployers.has(employer.id) && !(options.foreignEmployers ?? []).map(lower).includes(lower(employer.name))) {
      problems.push(`the remote holds employer '${employer.name}' (${employer.id}), which is no local record's copy`);
    }
  }

  // The id map holds exactly the records that exist here (deleted ones are unmapped).
  for (const localId of mapping.keys()) if (!localIds.has(localId)) problems.push(`id_map still maps ${localId}, which no longer exists here`);
  return problems;
}

export async function assertRemoteMirrorsLocal(local: TestLocal, env: string, remote: TestRemote, options: MirrorOptions = {}): Promise<void> {
  expect(await mirrorProblems(local, env, remote, options)).toEqual([]);
}

function compare(problems: string[], label: string, want: Record<string, unknown>, have: Record<string, unknown>): void {
  for (const field of Object.keys(want)) {
    if (JSON.stringify(want[field]) !== JSON.stringify(have[field])) {
      problems.push(`${label}: ${field} is ${JSON.stringify(have[field])} on the remote, ${JSON.stringify(want[field])} here`);
    }
  }
}
