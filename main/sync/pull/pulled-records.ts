import { planKind } from '../../../shared/plans/index.js';
import { EMPLOYER_FIELDS } from '../../../shared/resources/employer.js';
import type { Change } from '../../../shared/sync-wire.js';
import { Caller } from '../../service/caller.js';
import type { ServiceContext } from '../../service/context.js';
import { createDivision, removeDivision, replaceDivision } from '../../service/divisions.js';
import { createEmployer, removeEmployer } from '../../service/employers.js';
import { createPlanId, removePlan } from '../../service/plans.js';
import { readRecord, replaceRecord, type RecordRef } from '../../service/records.js';
import { createUser, removeUser } from '../../service/users.js';
import { findDivisionIdByName, getDivisionRow } from '../../store/divisions-store.js';
import { findEmployerIdByName, getEmployerRow } from '../../store/employers-store.js';
import { filterIdByName } from '../../store/filters-store.js';
import { remoteIdOf } from '../../store/id-map-store.js';
import { findPlanIdByTitle, getPlanHeader } from '../../store/plans-store.js';
import { hasChangeWaiting } from '../../store/pull-store.js';
import { findUserByEmail, getUserRow } from '../../store/users-store.js';
import { sqliteOf, type Db } from '../../store/database.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { RemoteSession } from '../session.js';
import { PageIds } from './page-ids.js';

type ApiRecord = Record<string, unknown>;

/** What applying pulled records needs, in one unit of work: its handle, the environment, and the service as the workspace's user. */
export interface PullContext {
  db: Db;
  env: string;
  /** Journals each write as pulled from `env` (ServiceContext.pulledFrom). */
  service: ServiceContext;
  /**
   * The workspace's user as the service sees them now, with an admin's rights in the account (a
   * regular user's pull makes the divisions the remote gives them): a division the pull just made is theirs too.
   */
  caller(): Promise<Caller>;
  /** The next `caller()` reads the user again: a division or user changed, or another page began. */
  callerChanged(): void;
  /** The remote's filters by id, with their names (for employers' other_filters). */
  remoteFilters: Map<string, string>;
  /** Local ids of remote ones, and links made or undone, for the page being applied (`applyPage` begins it). */
  ids: PageIds;
}

/** How a pull from `env` writes into the workspace in the unit `db`, with what the session learnt of the remote (its filters). */
export function pullContext(workspace: Workspace, db: Db, env: string, session: RemoteSession): PullContext {
  const filters = session.capabilities.filters ?? new Map<string, string>();
  let caller: Promise<Caller> | undefined;
  return {
    db,
    env,
    service: { ...workspace.context, db, pulledFrom: env },
    // Read once and kept while nothing it depends on changes: each record asks for it several times.
    caller: () => (caller ??= Caller.resolve(db, workspace.actor).then((resolved) => resolved.withAccountRights())),
    callerChanged: () => {
      caller = undefined;
    },
    remoteFilters: new Map([...filters].map(([name, id]) => [id, name])),
    ids: new PageIds(sqliteOf(db), env),
  };
}

/** A remote record this workspace cannot hold as it is: left on the remote, with the reason. */
export class UnpullableRecord extends Error {}

/** The local record a change is about, as the service names it. */
function refOf(change: Change, localId: string): RecordRef {
  return change.entity === 'plan' ? { entity: 'plan', benefit: change.kind!, id: localId } : { entity: change.entity, id: localId };
}

/**
 * The remote record as the local service's body: its fields, and every reference rewritten to the
 * workspace's own ids. `local`: the linked local record, whose members and employers a division keeps.
 */
export async function localBody(pc: PullContext, change: Change, local: ApiRecord | undefined): Promise<ApiRecord> {
  const remote = change.record!;
  switch (change.entity) {
    case 'division':
      // Members come with each user's division_ids; one made here starts with the remote's members
      // this workspace already holds (none on a first pull, where users come after divisions), and
      // the workspace's own user when a regular user the remote lists there.
      return {
        name: remote.name,
        users: local?.users ?? (await membersHere(pc, asStrings(remote.users))),
        employer_ids: local?.employer_ids ?? [],
      };
    case 'user':
      return {
        email: remote.email,
        first_name: remote.first_name,
        last_name: remote.last_name,
        division_ids: asStrings(remote.division_ids).flatMap((id) => pc.ids.localIdOf(id) ?? []),
      };
    case 'employer': {
      const body: ApiRecord = {};
      for (const field of EMPLOYER_FIELDS) body[field] = remote[field];
      body.division = required(pc, remote.division, 'its division');
      const filters: string[] = [];
      for (const id of asStrings(remote.other_filters)) filters.push(await localFilter(pc, id));
      body.other_filters = filters;
      return body;
    }
    case 'plan': {
      const kind = planKind(change.kind!);
      // Filled into the kind's blank record, which keeps V8's fast properties (see PlanKind.blankRecord).
      const body: ApiRecord = kind.blankRecord();
      for (const field of kind.fieldNames) body[field] = remote[field];
      body.employer = required(pc, remote.employer, 'its employer');
      body.from_plan = remote.from_plan === null || remote.from_plan === undefined ? null : required(pc, remote.from_plan, 'the plan it renews or converts');
      return body;
    }
  }
}

/** The fields whose values say whether the local record already is the remote one. */
export function comparedFields(change: Change, body: ApiRecord): string[] {
  return change.entity === 'division' ? ['name'] : Object.keys(body);
}

/** A local record of the same identity (name, e-mail, title) not yet linked to this environment, which the remote one already is. */
export async function unlinkedMatch(pc: PullContext, change: Change, body: ApiRecord): Promise<string | undefined> {
  const account = (await pc.caller()).accountId;
  const candidate = await (async () => {
    switch (change.entity) {
      case 'division':
        return findDivisionIdByName(pc.db, account, String(body.name));
      case 'user':
        return (await findUserByEmail(pc.db, String(body.email)))?.id;
      case 'employer':
        return findEmployerIdByName(pc.db, account, String(body.name));
      case 'plan':
        return findPlanIdByTitle(pc.db, String(body.employer), change.kind!, String(body.title));
    }
  })();
  return candidate !== undefined && remoteIdOf(sqliteOf(pc.db), pc.env, candidate) === undefined ? candidate : undefined;
}

/** The member e-mails a division made by a pull takes (isPulledMember, isOwnMembership). */
async function membersHere(pc: PullContext, emails: string[]): Promise<string[]> {
  const members: string[] = [];
  for (const email of emails) if ((await isPulledMember(pc, email)) || (await isOwnMembership(pc, email))) members.push(email);
  return members;
}

/** A member e-mail a division made by a pull takes: a user here whom pulls update (not the workspace's own user, nor an admin). */
async function isPulledMember(pc: PullContext, email: string): Promise<boolean> {
  const user = await findUserByEmail(pc.db, email);
  return user !== undefined && !(await isWorkspaceUser(pc, 'user', user.id));
}

/** Whether `email` is the workspace's own user's and they are a regular user: they hold here the divisions the remote lists them in. */
async function isOwnMembership(pc: PullContext, email: string): Promise<boolean> {
  const own = await getUserRow(pc.db, (await pc.caller()).userId);
  return own !== undefined && own.is_admin === 0 && own.email.toLowerCase() === email.toLowerCase();
}

/** Whether the workspace's own user is `localId`: linked to its remote self, never rewritten by a pull. */
export async function isWorkspaceUser(pc: PullContext, entity: Change['entity'], localId: string): Promise<boolean> {
  return entity === 'user' && (localId === (await pc.caller()).userId || (await getUserRow(pc.db, localId))?.is_admin === 1);
}

/** Creates the record here (journaled as pulled); answers its local id. */
export async function createLocal(pc: PullContext, change: Change, body: ApiRecord): Promise<string> {
  switch (change.entity) {
    case 'division':
      return (await createDivision(pc.service, await pc.caller(), body)).id;
    case 'user':
      return (await createUser(pc.service, await pc.caller(), body)).id;
    case 'employer':
      return (await createEmployer(pc.service, await pc.caller(), body)).id;
    case 'plan':
      return createPlanId(pc.service, await pc.caller(), change.kind!, body);
  }
}

export async function readLocal(pc: PullContext, change: Change, localId: string): Promise<ApiRecord | undefined> {
  return readRecord(pc.service, await pc.caller(), refOf(change, localId));
}

export async function replaceLocal(pc: PullContext, change: Change, localId: string, body: ApiRecord): Promise<void> {
  if (change.entity === 'division') await replaceDivision(pc.service, await pc.caller(), localId, body);
  else await replaceRecord(pc.service, await pc.caller(), refOf(change, localId), body);
}

/** Removes the record here only (a pull's removal is never queued as a delete). */
export async function removeLocal(pc: PullContext, entity: Change['entity'], localId: string): Promise<void> {
  switch (entity) {
    case 'division':
      return removeDivision(pc.service, await pc.caller(), localId);
    case 'user':
      return removeUser(pc.service, await pc.caller(), localId);
    case 'employer':
      return removeEmployer(pc.service, await pc.caller(), localId);
    case 'plan': {
      const header = await getPlanHeader(pc.db, localId);
      if (header) await removePlan(pc.service, await pc.caller(), header.benefit, localId);
    }
  }
}

/** Whether the record is deleted here with that delete (or another change of it) still to go to `env`. */
export async function deletedAndWaiting(db: Db, env: string, entity: Change['entity'], localId: string): Promise<boolean> {
  return !(await existsLocally(db, entity, localId)) && hasChangeWaiting(sqliteOf(db), env, localId);
}

/** Whether the local record still exists. */
export async function existsLocally(db: Db, entity: Change['entity'], localId: string): Promise<boolean> {
  switch (entity) {
    case 'employer':
      return (await getEmployerRow(db, localId)) !== undefined;
    case 'plan':
      return (await getPlanHeader(db, localId)) !== undefined;
    case 'user':
      return (await getUserRow(db, localId)) !== undefined;
    case 'division':
      return (await getDivisionRow(db, localId)) !== undefined;
  }
}

/** A remote reference as the local id it stands for; a record the workspace does not hold yet makes the record unpullable. */
function required(pc: PullContext, remoteId: unknown, what: string): string {
  const local = typeof remoteId === 'string' ? pc.ids.localIdOf(remoteId) : undefined;
  if (local === undefined) throw new UnpullableRecord(`${what} is not in this workspace`);
  return local;
}

/** A remote filter as the local filter of the same name (the two standard filters every account has, or a custom one). */
async function localFilter(pc: PullContext, remoteId: string): Promise<string> {
  const name = pc.remoteFilters.get(remoteId);
  const local = name === undefined ? undefined : await filterIdByName(pc.db, (await pc.caller()).accountId, name);
  if (local === undefined) throw new UnpullableRecord(`its filter ${name === undefined ? remoteId : `'${name}'`} has no filter of that name in this workspace`);
  return local;
}

const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
