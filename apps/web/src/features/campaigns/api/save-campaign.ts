import type { CampaignDetail, CreateCampaignBody, UpdateCampaignBody } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';
import { campaignKeys } from './keys';

type Saved = { data: CampaignDetail; message?: string };

/** POST /campaign/ */
export function createCampaign(body: CreateCampaignBody): Promise<Saved> {
  return api.post<Saved>('/campaign/', body);
}

/** PUT /campaign/ */
export function updateCampaign(body: UpdateCampaignBody): Promise<Saved> {
  return apiRequest<Saved>('/campaign/', { method: 'PUT', body });
}

export function useCreateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (res) => {
      qc.setQueryData(campaignKeys.detail(res.data.id), { data: res.data });
      return qc.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}

export function useUpdateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: (res) => {
      qc.setQueryData(campaignKeys.detail(res.data.id), { data: res.data });
      // Divisions or the goal may have changed: players, candidates and reports follow.
      void qc.invalidateQueries({ queryKey: campaignKeys.of(res.data.id) });
      return qc.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}

/** DELETE /campaign {id}: refused (409) once a completed donation exists. */
export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('/campaign', { method: 'DELETE', body: { id } }),
    // The page leaves for the list; removing the detail here would make it ask for it again (404).
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.lists() }),
  });
}

/** POST /admin/campaign/{id}/avatar (multipart `file`). */
export function useUploadCampaignLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ data: unknown; message?: string }>(`/admin/campaign/${id}/avatar`, form);
    },
    onSuccess: (_res, { id }) => {
      void qc.invalidateQueries({ queryKey: campaignKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
