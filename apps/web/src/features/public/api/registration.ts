import type { RegisterPlayerBody, RegisterPlayerResponse, RegistrationInfo } from '@fc/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** GET /register/{organization}/player: the node, its divisions, and the signed-in parent's players. */
export function getRegistration(organization: string, signal?: AbortSignal): Promise<{ data: RegistrationInfo }> {
  return api.get<{ data: RegistrationInfo }>(`/register/${encodeURIComponent(organization)}/player`, undefined, signal);
}

export function useRegistration(organization: string, userId: number | null) {
  return useQuery({
    queryKey: publicKeys.registration(organization, userId),
    queryFn: ({ signal }) => getRegistration(organization, signal),
    enabled: organization.length > 0,
    retry: retryUnlessClientError,
  });
}

/** POST /register/{organization}/player: answers with a fundraiser session (as POST /jwt/login). */
export function registerPlayer(organization: string, body: RegisterPlayerBody): Promise<RegisterPlayerResponse> {
  return api.post<RegisterPlayerResponse>(`/register/${encodeURIComponent(organization)}/player`, body);
}

export function useRegisterPlayer(organization: string) {
  return useMutation({ mutationFn: (body: RegisterPlayerBody) => registerPlayer(organization, body) });
}
