import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of what the local service holds. Screens read it through the hooks of
 * `server-state.ts`; writes and syncs invalidate it. Passed to each hook explicitly rather than
 * through a provider, because code outside React (the wizard's save) invalidates the same cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The service is local: a failure is an answer to show, not a blip to retry.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
