/**
 * The dashboards' charts (MUI X Charts). This module loads lazily (LazyCharts.tsx), after the
 * page's figures, so the charts library never weighs on the console shell.
 */

import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { BarsChartProps, SeriesChartProps } from './chartTypes';

/**
 * Raised per period, with the same period a year earlier as a second line, told apart without
 * colour: the earlier year is dashed with square marks, this year solid with round ones.
 */
export function SeriesChart({ points, labels, money, label }: SeriesChartProps) {
  return (
    <Box role="img" aria-label={label} data-testid="series-chart">
      <LineChart
        height={280}
        skipAnimation
        xAxis={[{ scaleType: 'point', data: points.map((p) => p.period), valueFormatter: labels.period }]}
        yAxis={[{ valueFormatter: (v: number) => money(v), width: 72 }]}
        series={[
          {
            id: 'current',
            label: labels.current,
            data: points.map((p) => p.netCents),
            shape: 'circle',
            curve: 'linear',
            valueFormatter: (v) => money(v ?? 0),
          },
          {
            id: 'previous',
            label: labels.previous,
            data: points.map((p) => p.previousNetCents),
            shape: 'square',
            curve: 'linear',
            valueFormatter: (v) => money(v ?? 0),
          },
        ]}
        sx={{ '& [data-series="previous"]': { strokeDasharray: '6 4' } }}
      />
    </Box>
  );
}

/** Horizontal bars (the outreach funnel, a breakdown): one bar per row, its value in the table too. */
export function BarsChart({ rows, label, format, height }: BarsChartProps) {
  return (
    <Box role="img" aria-label={label} data-testid="bars-chart">
      <BarChart
        height={height ?? Math.max(160, rows.length * 44 + 60)}
        layout="horizontal"
        skipAnimation
        hideLegend
        yAxis={[{ scaleType: 'band', data: rows.map((r) => r.label), width: 110 }]}
        xAxis={[{ valueFormatter: (v: number) => format(v), tickMinStep: 1 }]}
        series={[{ data: rows.map((r) => r.value), valueFormatter: (v) => format(v ?? 0) }]}
      />
    </Box>
  );
}
