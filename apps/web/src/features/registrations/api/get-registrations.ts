import type { RegistrationListItem, RegistrationSummary } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type RegistrationListParams, registrationKeys } from './keys';

export interface RegistrationListResponse {
  hasError: false;
  data: { data: RegistrationListItem[]; total: number; summary: RegistrationSummary };
  total: number;
}

/** GET /onboarding/ with a query: a page of records (`data.data`, `total`) and the summary cards. */
export function getRegistrations(params: RegistrationListParams, signal?: AbortSignal) {
  return api.get<RegistrationListResponse>('/onboarding/', { ...params }, signal);
}

export function useRegistrations(params: RegistrationListParams) {
  return useQuery({
    queryKey: registrationKeys.list(params),
    queryFn: ({ signal }) => getRegistrations(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /onboarding/ without a query: every record the caller may see (`data`, newest first, at most 500). */
export function getAllRegistrations(signal?: AbortSignal) {
  return api.get<{ data: RegistrationListItem[] }>('/onboarding/', undefined, signal);
}
