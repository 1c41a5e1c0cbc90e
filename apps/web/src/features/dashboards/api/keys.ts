import type { DashboardInterval } from '@fc/contracts';

/** The range and node of a dashboard, as the API takes them (`dashboardQuerySchema`). */
export interface DashboardParams {
  organizationId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AnalyticsParams extends DashboardParams {
  interval: DashboardInterval;
}

/** Query keys: a nudge refreshes the node dashboards (the at-risk list and its last-nudged dates). */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  admin: (p: DashboardParams) => [...dashboardKeys.all, 'admin', p] as const,
  nodes: () => [...dashboardKeys.all, 'node'] as const,
  node: (p: DashboardParams) => [...dashboardKeys.nodes(), p] as const,
  analytics: (p: AnalyticsParams) => [...dashboardKeys.all, 'analytics', p] as const,
  fundraiser: () => [...dashboardKeys.all, 'fundraiser'] as const,
  nodeOptions: (q: string) => [...dashboardKeys.all, 'node-options', q] as const,
};

/** The query string of a dashboard request (empty values left out). */
export function queryOf(p: DashboardParams & { interval?: DashboardInterval }) {
  return { organizationId: p.organizationId, from: p.from, to: p.to, interval: p.interval };
}
