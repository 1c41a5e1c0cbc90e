import type { LeaderboardEntry } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** GET /public/campaigns/{slug}/players?q=: listable players whose shown name matches (max 50). */
export function searchPlayers(slug: string, q: string, signal?: AbortSignal): Promise<{ data: LeaderboardEntry[] }> {
  return api.get<{ data: LeaderboardEntry[] }>(`/public/campaigns/${encodeURIComponent(slug)}/players`, { q }, signal);
}

export function usePlayerSearch(slug: string, q: string) {
  return useQuery({
    queryKey: publicKeys.players(slug, q),
    queryFn: ({ signal }) => searchPlayers(slug, q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}
