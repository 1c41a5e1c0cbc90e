/**
 * The BAND calls of the console (contract packages/contracts/src/band.ts): the signed-in user's
 * account and bands, a team's link, and its posts outbox.
 */
import type {
  BandAccount,
  BandActivationStatus,
  BandConnectUrl,
  BandPost,
  BandPostBody,
  BandSummary,
  BandTeamState,
} from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';

export const bandKeys = {
  all: ['band'] as const,
  account: () => [...bandKeys.all, 'account'] as const,
  bands: () => [...bandKeys.all, 'bands'] as const,
  team: (organizationId: number) => [...bandKeys.all, 'team', organizationId] as const,
  posts: (organizationId: number, page: number, pageSize: number) =>
    [...bandKeys.all, 'posts', organizationId, page, pageSize] as const,
};

/** The statuses a post still moves from: the lists poll while one is shown. */
export const isPending = (p: Pick<BandPost, 'status'>) => p.status === 'queued' || p.status === 'sending';

/** `POST /band/auth` (public): the link outcome; an unanswered or refused call is the `error` outcome. */
export async function postBandAuth(authCode: string, state: string): Promise<BandActivationStatus> {
  try {
    const res = await api.post<{ data: { activationStatus: BandActivationStatus } }>(
      '/band/auth',
      { auth_code: authCode, state },
      { skipRefresh: true },
    );
    return res.data.activationStatus;
  } catch {
    return 'error';
  }
}

/** `GET /band/account`: the signed-in user's linked account, or null. */
export function useBandAccount() {
  return useQuery({
    queryKey: bandKeys.account(),
    queryFn: ({ signal }) => api.get<{ data: { account: BandAccount | null } }>('/band/account', undefined, signal),
    select: (res) => res.data.account,
  });
}

/** `GET /band/bands`: the bands of the linked account (only asked for while it is valid). */
export function useMyBands(enabled: boolean) {
  return useQuery({
    queryKey: bandKeys.bands(),
    queryFn: ({ signal }) => api.get<{ data: BandSummary[] }>('/band/bands', undefined, signal),
    select: (res) => res.data,
    enabled,
  });
}

/** `GET /band/connect-url?organizationId=`: asked for at the click, never cached (its state expires). */
export function fetchConnectUrl(organizationId?: number): Promise<BandConnectUrl> {
  return api.get<{ data: BandConnectUrl }>('/band/connect-url', { organizationId }).then((res) => res.data);
}

/** `GET /orgs/{id}/band`: the team's link and whether the caller manages it. */
export function useTeamBand(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: bandKeys.team(organizationId),
    queryFn: ({ signal }) => api.get<{ data: BandTeamState }>(`/orgs/${organizationId}/band`, undefined, signal),
    select: (res) => res.data,
    enabled,
  });
}

export interface PostsPage {
  data: BandPost[];
  total: number;
}

/** `GET /orgs/{id}/band/posts?page&pageSize`, newest first; polls while a post shown is on its way. */
export function useBandPosts(organizationId: number, page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: bandKeys.posts(organizationId, page, pageSize),
    queryFn: ({ signal }) => api.get<PostsPage>(`/orgs/${organizationId}/band/posts`, { page, pageSize }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(isPending) ? 2000 : false),
    enabled,
  });
}

function useBandChanged() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: bandKeys.all });
}

/**
 * `DELETE /band/account`: unlinks the user's account (and the team links using it). Its bands are
 * dropped, not asked for again: without an account the API refuses the list.
 */
export function useDisconnectAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('/band/account'),
    onSuccess: async () => {
      qc.setQueryData(bandKeys.account(), { data: { account: null } });
      qc.removeQueries({ queryKey: bandKeys.bands() });
      await qc.invalidateQueries({ queryKey: bandKeys.all, predicate: (q) => q.queryKey[1] !== 'bands' });
    },
  });
}

/** `PUT /orgs/{id}/band` with one of the caller's bands. */
export function useLinkTeamBand(organizationId: number) {
  const changed = useBandChanged();
  return useMutation({
    mutationFn: (bandKey: string) =>
      apiRequest<unknown>(`/orgs/${organizationId}/band`, { method: 'PUT', body: { bandKey } }),
    onSuccess: () => changed(),
  });
}

/** `DELETE /orgs/{id}/band`. */
export function useUnlinkTeamBand(organizationId: number) {
  const changed = useBandChanged();
  return useMutation({
    mutationFn: () => api.delete<unknown>(`/orgs/${organizationId}/band`),
    onSuccess: () => changed(),
  });
}

/** `POST /orgs/{id}/band/posts`: queues the event's post (or answers the one queued before). */
export function useQueueBandPost(organizationId: number) {
  const changed = useBandChanged();
  return useMutation({
    mutationFn: (body: BandPostBody) => api.post<{ data: BandPost }>(`/orgs/${organizationId}/band/posts`, body),
    onSuccess: () => changed(),
  });
}
