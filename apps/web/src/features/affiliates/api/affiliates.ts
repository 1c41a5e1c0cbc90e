import type {
  AffiliateDetail,
  AffiliateListItem,
  CreateAffiliateBody,
  OrgRef,
  UpdateAffiliateBody,
} from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile, apiRequest, apiUpload } from '../../../lib/api/client';
import { attachmentName, downloadBlob } from '../../../lib/download';
import { type AffiliateListParams, affiliateKeys } from './keys';

export interface AffiliateListResponse {
  hasError: false;
  data: AffiliateListItem[];
  total: number;
}

/** GET /affiliate/: a page of the affiliates the caller may see (spec §5 filters: status, q). */
export function getAffiliates(params: AffiliateListParams, signal?: AbortSignal) {
  return api.get<AffiliateListResponse>('/affiliate/', { ...params }, signal);
}

export function useAffiliates(params: AffiliateListParams) {
  return useQuery({
    queryKey: affiliateKeys.list(params),
    queryFn: ({ signal }) => getAffiliates(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Saves a CSV the server answers (`format=csv`, same filters) through the browser's download. */
export async function downloadCsv(path: string, query: Record<string, string | number | undefined>, fallback: string) {
  const res = await apiFile(path, { ...query, format: 'csv' });
  downloadBlob(attachmentName(res.headers.get('content-disposition'), fallback), await res.blob());
}

export function useAffiliateCsv() {
  return useMutation({
    mutationFn: (params: Omit<AffiliateListParams, 'page' | 'perPage'>) =>
      downloadCsv('/affiliate/', params, 'affiliates.csv'),
  });
}

/**
 * The affiliate record of the signed-in Affiliate: the API answers only their own row to
 * GET /affiliate/ (the stored user's `affiliate_profile` carries profile ids, not the record's).
 */
export function useMyAffiliateId(enabled = true) {
  const q = useQuery({
    queryKey: affiliateKeys.me(),
    queryFn: ({ signal }) => getAffiliates({ page: 1, perPage: 1 }, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
  return { ...q, id: q.data?.data[0]?.id ?? null, none: q.isSuccess && q.data.data.length === 0 };
}

/** GET /affiliate/{id}: the record with offers, programs, organizations, balances and payout requests. */
export function useAffiliate(id: number | null) {
  return useQuery({
    queryKey: affiliateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: AffiliateDetail }>(`/affiliate/${id}`, undefined, signal),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}

/** After any write: every list, record, balance and dashboard of the feature is read again. */
export function useAffiliatesChanged() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: affiliateKeys.all });
}

/** POST /affiliate (Super Admin): a new `invited` affiliate; `programId` also offers that program. */
export function useCreateAffiliate() {
  const changed = useAffiliatesChanged();
  return useMutation({
    mutationFn: (body: CreateAffiliateBody) => api.post<{ data?: { id?: number } }>('/affiliate', body),
    onSuccess: () => changed(),
  });
}

/** PUT /affiliate/: the profile and payout fields (the affiliate or Super Admin), or the status (Super Admin). */
export function useUpdateAffiliate() {
  const changed = useAffiliatesChanged();
  return useMutation({
    mutationFn: (body: UpdateAffiliateBody) => apiRequest<{ message?: string }>('/affiliate/', { method: 'PUT', body }),
    onSuccess: () => changed(),
  });
}

/** POST /affiliate/{id}/avatar (multipart `file`). */
export function useAffiliateAvatar(id: number) {
  const changed = useAffiliatesChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiUpload<{ data?: unknown }>(`/affiliate/${id}/avatar`, form);
    },
    onSuccess: () => changed(),
  });
}

/** GET /admin/organization/filter?q=: organizations (and other nodes) to attach. */
export function useOrgSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: affiliateKeys.orgSearch(q),
    queryFn: ({ signal }) => api.get<{ data: OrgRef[] }>('/admin/organization/filter', { q: q || undefined }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
