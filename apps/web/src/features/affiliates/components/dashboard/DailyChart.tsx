/** The per-day clicks and conversions (MUI X Charts): its own chunk, loaded after the figures (LazyDailyChart). */
import { Box } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';

export interface DailyChartProps {
  series: { date: string; clicks: number; conversions: number }[];
  labels: { clicks: string; conversions: string; day: (date: string) => string };
  label: string;
}

/** Clicks solid with round marks, conversions dashed with square ones: told apart without colour. */
export function DailyChart({ series, labels, label }: DailyChartProps) {
  return (
    <Box role="img" aria-label={label} data-testid="daily-chart">
      <LineChart
        height={260}
        skipAnimation
        xAxis={[{ scaleType: 'point', data: series.map((p) => p.date), valueFormatter: labels.day }]}
        series={[
          { id: 'clicks', label: labels.clicks, data: series.map((p) => p.clicks), shape: 'circle', curve: 'linear' },
          {
            id: 'conversions',
            label: labels.conversions,
            data: series.map((p) => p.conversions),
            shape: 'square',
            curve: 'linear',
          },
        ]}
        sx={{ '& [data-series="conversions"]': { strokeDasharray: '6 4' } }}
      />
    </Box>
  );
}
