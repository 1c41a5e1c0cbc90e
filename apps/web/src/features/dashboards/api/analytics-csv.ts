import type { ANALYTICS_TABLES } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api/client';
import { attachmentName, downloadBlob } from '../../../lib/download';
import { type AnalyticsParams, queryOf } from './keys';

export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

/**
 * GET /dashboards/analytics.csv: one table of the analytics view as a CSV file, fetched with the
 * session's token (never a token in the address) and saved by the browser.
 */
export async function downloadAnalyticsCsv(table: AnalyticsTable, p: AnalyticsParams): Promise<string> {
  const res = await apiFile('/dashboards/analytics.csv', { table, ...queryOf(p) });
  const filename = attachmentName(res.headers.get('content-disposition'), `analytics-${table}.csv`);
  downloadBlob(filename, await res.blob());
  return filename;
}

export function useAnalyticsCsv() {
  return useMutation({
    mutationFn: ({ table, params }: { table: AnalyticsTable; params: AnalyticsParams }) =>
      downloadAnalyticsCsv(table, params),
  });
}
