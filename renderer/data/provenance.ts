import { useQuery } from '@tanstack/react-query';
import type { Provenance } from '../../shared/bridge';
import { bridge } from '../bridge/bridge';
import { timeAgo } from '../app/time-ago';
import { queryClient } from './query-client';

/** Under the sync key, so a pull or a push refreshes it; a write does too (invalidateServerState). */
export const PROVENANCE_KEY = ['sync', 'provenance'] as const;

/** The bridge takes this many ids a call. */
const IDS_PER_CALL = 1000;

/** Where each of the records came from (those a pull brought), read 1,000 ids a call. */
export function useProvenance(ids: readonly string[]) {
  return useQuery(
    {
      queryKey: [...PROVENANCE_KEY, ids.length, ids[0], ids[ids.length - 1]],
      queryFn: async () => {
        const calls = [];
        for (let start = 0; start < ids.length; start += IDS_PER_CALL) calls.push(bridge.provenance(ids.slice(start, start + IDS_PER_CALL)));
        return new Map((await Promise.all(calls)).flatMap((answer) => Object.entries(answer)));
      },
      enabled: ids.length > 0,
      staleTime: 60_000,
    },
    queryClient,
  );
}

/** "from production, 2 hours ago": the environment a pull brought the record from, when it was last pulled, and "changed since, not yet on production" until what changed here is pushed there. */
export function provenanceText(provenance: Provenance, now = new Date()): string {
  const from = provenance.pulled_at ? `from ${provenance.env}, ${timeAgo(provenance.pulled_at, now)}` : `from ${provenance.env}`;
  return provenance.changed_here ? `${from}; changed since, not yet on ${provenance.env}` : from;
}
