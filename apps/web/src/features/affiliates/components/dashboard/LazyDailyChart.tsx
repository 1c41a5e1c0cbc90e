import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { DailyChartProps } from './DailyChart';

const Chart = lazy(async () => ({ default: (await import('./DailyChart')).DailyChart }));

/** The chart arrives after the dashboard's figures, in a chunk of its own (the charts library). */
export function LazyDailyChart(props: DailyChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
      <Chart {...props} />
    </Suspense>
  );
}
