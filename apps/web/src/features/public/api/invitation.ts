import type { AcceptInviteBody, AcceptInviteResponse, InviteInfo } from '@fc/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** GET /onboarding/campaign/invite/{cfid}?token=: what the invitation is for (404 once used or expired). */
export function getInvite(cfid: number, token: string, signal?: AbortSignal): Promise<{ data: InviteInfo }> {
  return api.get<{ data: InviteInfo }>(`/onboarding/campaign/invite/${cfid}`, { token }, signal);
}

export function useInvite(cfid: number, token: string) {
  return useQuery({
    queryKey: publicKeys.invite(cfid, token),
    queryFn: ({ signal }) => getInvite(cfid, token, signal),
    enabled: Number.isInteger(cfid) && cfid > 0 && token.length >= 16,
    retry: retryUnlessClientError,
    // The token is single use: never refetch it behind the family's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /onboarding/campaign/accept-invite/{cfid}: names and a password create the account;
 * otherwise the signed-in account (its Bearer token) accepts. Answers with a fundraiser session.
 */
export function acceptInvite(cfid: number, body: AcceptInviteBody): Promise<AcceptInviteResponse> {
  return api.post<AcceptInviteResponse>(`/onboarding/campaign/accept-invite/${cfid}`, body);
}

export function useAcceptInvite(cfid: number) {
  return useMutation({ mutationFn: (body: AcceptInviteBody) => acceptInvite(cfid, body) });
}
