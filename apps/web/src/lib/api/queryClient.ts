import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final: retry only network and server failures, once.
        retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
      },
    },
  });
}

/** The app's one client: made at start so a page's first request can begin before React renders. */
export const queryClient = makeQueryClient();
