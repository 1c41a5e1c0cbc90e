/** The dashboards API (`/dashboards/*`, packages/contracts dashboards.ts). */
import type { AdminDashboard, Analytics, FundraiserDashboard, NodeDashboard, NudgeResult, OrgRef } from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type AnalyticsParams, type DashboardParams, dashboardKeys, queryOf } from './keys';

type Envelope<T> = { hasError: false; data: T };

export function useAdminDashboard(p: DashboardParams) {
  return useQuery({
    queryKey: dashboardKeys.admin(p),
    queryFn: ({ signal }) => api.get<Envelope<AdminDashboard>>('/dashboards/admin', queryOf(p), signal),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

/** `enabled`: false while a staff member has not chosen a node (the API needs one from them). */
export function useNodeDashboard(p: DashboardParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.node(p),
    queryFn: ({ signal }) => api.get<Envelope<NodeDashboard>>('/dashboards/node', queryOf(p), signal),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(p: AnalyticsParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.analytics(p),
    queryFn: ({ signal }) => api.get<Envelope<Analytics>>('/dashboards/analytics', queryOf(p), signal),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

export function useFundraiserDashboard() {
  return useQuery({
    queryKey: dashboardKeys.fundraiser(),
    queryFn: ({ signal }) => api.get<Envelope<FundraiserDashboard>>('/dashboards/fundraiser', undefined, signal),
    select: (r) => r.data,
  });
}

/** POST /dashboards/nudge: one outcome per chosen player; the node dashboards refresh after it. */
export function useNudge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (campaignFundraiserIds: number[]) =>
      api.post<Envelope<NudgeResult[]>>('/dashboards/nudge', { campaignFundraiserIds }).then((r) => r.data),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.nodes() }),
  });
}

/** GET /admin/organization/filter: the nodes the caller may read, for the node picker (server search). */
export function useNodeOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.nodeOptions(q),
    queryFn: ({ signal }) => api.get<{ data: OrgRef[] }>('/admin/organization/filter', { q: q || undefined }, signal),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
