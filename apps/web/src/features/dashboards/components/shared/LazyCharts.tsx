import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { BarsChartProps, SeriesChartProps } from './chartTypes';

// The charts library arrives after the page's figures, in a chunk of its own.
const charts = () => import('./Charts');
const LazySeries = lazy(async () => ({ default: (await charts()).SeriesChart }));
const LazyBars = lazy(async () => ({ default: (await charts()).BarsChart }));

export function SeriesChart(props: SeriesChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
      <LazySeries {...props} />
    </Suspense>
  );
}

export function BarsChart(props: BarsChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 160} />}>
      <LazyBars {...props} />
    </Suspense>
  );
}
