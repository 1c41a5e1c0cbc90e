import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@fc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** GET /user/api-keys: the caller's keys, newest first (never their secrets). */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api.get<{ data: ApiKey[] }>('/user/api-keys', undefined, signal).then((r) => r.data),
  });
}

/** POST /user/api-keys: the answer carries the secret, the only time it is ever sent. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      api.post<{ data: CreatedApiKey }>('/user/api-keys', body).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** DELETE /user/api-keys/{id}: the key is refused from the next request on. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    // The server's message is English: an empty one lets the page say it in the UI language.
    mutationFn: (id: number) =>
      api.delete<{ data: ApiKey }>(`/user/api-keys/${id}`).then((r) => ({ data: r.data, message: '' })),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
