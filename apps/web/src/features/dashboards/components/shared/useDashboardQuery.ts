import type { DashboardInterval } from '@fc/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AnalyticsParams } from '../../api/keys';
import { isIsoDate } from './range';

/**
 * The contract's DASHBOARD_INTERVALS, written here: importing a value from the contract's dashboards
 * module would bring its zod schemas (and zod) into the console shell with the admin dashboard.
 */
export const INTERVALS = ['day', 'week', 'month'] as const satisfies readonly DashboardInterval[];

const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export interface DashboardQueryChange {
  from?: string | null;
  to?: string | null;
  organizationId?: number | null;
  interval?: DashboardInterval | null;
}

/**
 * The range, node and interval of a dashboard, kept in the address (`?from=&to=&organizationId=&interval=`)
 * so that a view can be shared or bookmarked. A new node is a new history entry (back goes up the
 * drill-down); a new range or interval replaces the current one.
 */
export function useDashboardQuery() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const interval = params.get('interval');
  const organizationId = positiveInt(params.get('organizationId'));
  const query: AnalyticsParams = useMemo(
    () => ({
      organizationId,
      from: isIsoDate(from) ? from : undefined,
      to: isIsoDate(to) ? to : undefined,
      interval: (INTERVALS as readonly string[]).includes(interval ?? '') ? (interval as DashboardInterval) : 'week',
    }),
    [organizationId, from, to, interval],
  );

  const set = useCallback(
    (changes: DashboardQueryChange) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: !('organizationId' in changes) },
      );
    },
    [setParams],
  );
  return { query, set };
}

/**
 * Whether the node and analytics dashboards wait for a node: Super Admin and FYS Sales have no
 * node of their own, so they choose one with the control first (the API asks them to name it).
 */
export function needsNode(role: string | null | undefined, organizationId: number | undefined): boolean {
  return (role === 'super_admin' || role === 'fys_sales') && organizationId === undefined;
}
