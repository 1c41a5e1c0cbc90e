import type { CampaignReport } from '@fc/contracts';
import { Box } from '@mui/material';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../shared/format';
import { dailySeries } from './dailySeries';

/** Raised over time: the running total (area) and each day's amount. Loaded on its own (charts are heavy). */
export default function RaisedChart({ daily }: { daily: CampaignReport['daily'] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const points = useMemo(() => dailySeries(daily), [daily]);
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    [i18n.language],
  );
  // The series are in cents; every label goes through the money module (decision 013).
  const dollars = (v: number | null) => (v === null ? '' : money(Math.round(v)));

  return (
    <Box sx={{ width: '100%', height: 320 }} data-testid="raised-chart">
      <LineChart
        height={320}
        margin={{ left: 8, right: 32 }}
        sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.25 } }}
        xAxis={[
          {
            data: points.map((p) => p.date),
            scaleType: points.length > 1 ? 'time' : 'point',
            valueFormatter: (d: Date) => dayFormat.format(d),
          },
        ]}
        yAxis={[{ valueFormatter: (v: number) => money(Math.round(v), { whole: true }), width: 72 }]}
        series={[
          {
            id: 'cumulative',
            label: t('campaigns.summary.chart.toDate'),
            data: points.map((p) => p.cumulativeCents),
            area: true,
            curve: 'linear',
            showMark: false,
            valueFormatter: dollars,
          },
          {
            id: 'daily',
            label: t('campaigns.summary.chart.perDay'),
            data: points.map((p) => p.raisedCents),
            curve: 'linear',
            showMark: points.length <= 31,
            valueFormatter: dollars,
          },
        ]}
      />
    </Box>
  );
}
