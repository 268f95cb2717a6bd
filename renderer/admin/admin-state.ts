import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BridgeResponse, ConnectionTest, SyncConflict, SyncDryRun, SyncQueueRow } from '../../shared/bridge';
import type { Division } from '../../shared/resources/division';
import type { UserAdminSummary } from '../../shared/resources/user';
import { api, splitErrorBody } from '../api/api';
import { bridge } from '../bridge/bridge';
import { queryClient } from '../data/query-client';
import { invalidateServerState, ServiceError } from '../data/server-state';
import { useWorkspace } from '../app/workspace-store';

/** The body of a bridge answer, or a ServiceError with its detail in words. */
export async function answerOf<T>(call: Promise<BridgeResponse>): Promise<T> {
  const response = await call;
  if (response.status >= 400) {
    const { detail, fieldErrors } = splitErrorBody(response.body);
    throw new ServiceError(detail ?? (Object.values(fieldErrors).flat().join(' ') || `The answer was ${response.status}.`), response.status);
  }
  return response.body as T;
}

const keys = {
  sync: ['sync'] as const,
  queue: (env: string) => ['sync', env, 'queue'] as const,
  conflicts: (env: string) => ['sync', env, 'conflicts'] as const,
  connection: (env: string) => ['sync', env, 'connection'] as const,
  admin: ['admin'] as const,
  users: ['admin', 'users'] as const,
  divisions: ['admin', 'divisions'] as const,
  backups: ['backups'] as const,
};

/** How often an environment's online indicator is refreshed while the sync center shows. */
const CONNECTION_REFRESH_MS = 30_000;

export const useQueue = (env: string) =>
  useQuery({ queryKey: keys.queue(env), queryFn: () => answerOf<SyncQueueRow[]>(bridge.syncQueue(env)), staleTime: 0 }, queryClient);

/** Reads the remote: a slow or offline remote only delays this panel. */
export const useConflicts = (env: string) =>
  useQuery({ queryKey: keys.conflicts(env), queryFn: () => answerOf<SyncConflict[]>(bridge.syncConflicts(env)), staleTime: 0 }, queryClient);

const connectionQuery = (env: string) =>
  queryOptions({ queryKey: keys.connection(env), queryFn: () => answerOf<ConnectionTest>(bridge.testConnection(env)), staleTime: 0 });

export const useConnection = (env: string) => useQuery({ ...connectionQuery(env), refetchInterval: CONNECTION_REFRESH_MS }, queryClient);

/** "Test connection": probes the remote now; the indicator shows the answer, a failure included. */
export const testConnectionNow = (env: string): Promise<void> =>
  queryClient.fetchQuery(connectionQuery(env)).then(
    () => undefined,
    () => undefined,
  );

export const fetchDryRun = (env: string) => answerOf<SyncDryRun>(bridge.syncDryRun(env));

/** After a push, a decision or a retry: the queues, conflicts and counts are read afresh. */
export async function invalidateSync(): Promise<void> {
  await Promise.all([invalidateServerState(), queryClient.invalidateQueries({ queryKey: keys.sync })]);
}

const usersQuery = queryOptions({
  queryKey: keys.users,
  queryFn: async () => {
    const result = await api.get<UserAdminSummary[]>('/users/summaries/');
    if (!result.ok) throw new ServiceError(result.detail ?? `The users could not be read (${result.status}).`, result.status);
    return result.body;
  },
});

/** The account's users with their roles: read only by an admin (anyone else is refused them). */
export const useUsers = () => useQuery({ ...usersQuery, enabled: useIsAdmin() }, queryClient);

/** Whether the person at the laptop is an admin here (in a workspace started from a server, as they are there). */
export function useIsAdmin(): boolean {
  return useWorkspace((state) => (state.status?.ready ? state.status.user.is_admin : false));
}

/** Every division the person holds, with its members and employers. */
export const useDivisions = () =>
  useQuery(
    {
      queryKey: keys.divisions,
      queryFn: async () => {
        const list = await api.get<{ id: string; name: string }[]>('/divisions/list/');
        if (!list.ok) throw new ServiceError(list.detail ?? 'The divisions could not be read.', list.status);
        const divisions = await Promise.all(list.body.map((division) => api.get<Division>(`/divisions/${division.id}/`)));
        return divisions.flatMap((division) => (division.ok ? [division.body] : []));
      },
    },
    queryClient,
  );

/** After a user or division change: the admin lists, the pickers' divisions and the waiting counts. */
export async function invalidateAdmin(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: keys.admin }), invalidateServerState(), useWorkspace.getState().load()]);
}

export const useBackups = () => useQuery({ queryKey: keys.backups, queryFn: () => bridge.listBackups(), staleTime: 0 }, queryClient);

export const invalidateBackups = () => queryClient.invalidateQueries({ queryKey: keys.backups });
