import type { SeriesPoint } from '@fc/contracts';

export interface SeriesChartProps {
  points: SeriesPoint[];
  labels: { current: string; previous: string; period: (period: string) => string };
  money: (cents: number) => string;
  /** The chart's accessible name (its figures are in the table beside it). */
  label: string;
}

export interface BarsChartProps {
  rows: { label: string; value: number }[];
  label: string;
  format: (value: number) => string;
  height?: number;
}
