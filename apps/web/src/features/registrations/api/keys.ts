import type { REGISTRATION_SORT_COLUMNS, RegistrationFilter } from '@fc/contracts';

/** `GET /onboarding/` with a query (spec §7 Registrations: status, q, perPage, page, sort, sortColumn). */
export interface RegistrationListParams {
  status: RegistrationFilter;
  q?: string | undefined;
  perPage: number;
  page: number;
  sort?: 'asc' | 'desc';
  sortColumn?: (typeof REGISTRATION_SORT_COLUMNS)[number];
}

/** Query keys: every write refreshes the record and every list (and the summary cards with them). */
export const registrationKeys = {
  all: ['registrations'] as const,
  lists: () => [...registrationKeys.all, 'list'] as const,
  list: (params: RegistrationListParams) => [...registrationKeys.lists(), params] as const,
  everything: () => [...registrationKeys.lists(), 'all'] as const,
  details: () => [...registrationKeys.all, 'detail'] as const,
  detail: (id: number) => [...registrationKeys.details(), id] as const,
};
