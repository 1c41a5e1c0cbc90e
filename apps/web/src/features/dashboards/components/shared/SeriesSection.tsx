import type { DashboardInterval, SeriesPoint } from '@fc/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, TableToggle } from './DataTable';
import { Section } from './Figures';
import { useCount, useMoney, usePeriod } from './format';
import { SeriesChart } from './LazyCharts';

interface SeriesSectionProps {
  points: SeriesPoint[];
  interval: DashboardInterval;
  title: string;
  /** More actions (the CSV button). */
  action?: ReactNode;
  /** Show the table at first instead of the chart. */
  tableFirst?: boolean;
}

/** Raised over time with the year before: a chart, and the same figures as a table (a switch). */
export function SeriesSection({ points, interval, title, action, tableFirst = false }: SeriesSectionProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const period = usePeriod(interval);
  const [asTable, setAsTable] = useState(tableFirst);
  const empty = points.every((p) => p.netCents === 0 && p.previousNetCents === 0);
  const columns: Column<SeriesPoint>[] = [
    { key: 'period', header: t('dashboards.series.period'), cell: (p) => period(p.period) },
    { key: 'net', header: t('dashboards.series.current'), cell: (p) => money(p.netCents), numeric: true },
    { key: 'gifts', header: t('dashboards.series.gifts'), cell: (p) => count(p.gifts), numeric: true },
    {
      key: 'previous',
      header: t('dashboards.series.previousShort'),
      cell: (p) => money(p.previousNetCents),
      numeric: true,
    },
  ];
  return (
    <Section
      title={title}
      help={t('dashboards.series.help')}
      testId="series-section"
      action={
        <>
          <TableToggle asTable={asTable} onChange={setAsTable} testId="series-as-table" />
          {action}
        </>
      }
    >
      {empty ? (
        <DataTable
          caption={title}
          columns={columns}
          rows={[]}
          rowKey={(p) => p.period}
          testId="series-table"
          empty={t('dashboards.empty.gifts')}
        />
      ) : asTable ? (
        <DataTable caption={title} columns={columns} rows={points} rowKey={(p) => p.period} testId="series-table" />
      ) : (
        <SeriesChart
          points={points}
          money={money}
          label={t('dashboards.series.chartLabel', { title })}
          labels={{ current: t('dashboards.series.current'), previous: t('dashboards.series.previous'), period }}
        />
      )}
    </Section>
  );
}
