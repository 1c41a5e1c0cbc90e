import type { BreakdownRow } from '@fc/contracts';
import { Link } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsTable } from '../../api/analytics-csv';
import { type Column, CsvButton, DataTable, TableToggle } from '../shared/DataTable';
import { Section } from '../shared/Figures';
import { useCount, useMoney } from '../shared/format';
import { BarsChart } from '../shared/LazyCharts';

interface BreakdownProps {
  table: AnalyticsTable;
  rows: BreakdownRow[];
  title: string;
  help: string;
  /** The child-node breakdown: a row's name drills into it. */
  onDrill?: (id: number) => void;
  /** How a row's label reads (payment methods are translated). */
  labelOf?: (row: BreakdownRow) => string;
  onCsv: () => void;
  csvBusy: boolean;
}

/** One breakdown of the range's money: a bar chart of net, and the table (a switch), with its CSV. */
export function Breakdown({ table, rows, title, help, onDrill, labelOf, onCsv, csvBusy }: BreakdownProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const [asTable, setAsTable] = useState(false);
  const label = (r: BreakdownRow) => labelOf?.(r) ?? r.label;
  const columns: Column<BreakdownRow>[] = [
    {
      key: 'label',
      header: t(`dashboards.analytics.columns.${table}`),
      cell: (r) =>
        onDrill && r.drillId !== null ? (
          <Link
            component="button"
            type="button"
            onClick={() => onDrill(r.drillId as number)}
            data-testid={`drill-${r.drillId}`}
            sx={{ textAlign: 'left' }}
          >
            {label(r)}
          </Link>
        ) : (
          label(r)
        ),
    },
    { key: 'net', header: t('dashboards.money.net'), cell: (r) => money(r.netCents), numeric: true },
    { key: 'gross', header: t('dashboards.money.gross'), cell: (r) => money(r.grossCents), numeric: true },
    { key: 'refunded', header: t('dashboards.money.refunded'), cell: (r) => money(r.refundedCents), numeric: true },
    { key: 'gifts', header: t('dashboards.money.gifts'), cell: (r) => count(r.gifts), numeric: true },
  ];
  // Drilling is done from the table: with children to drill into, it shows at first.
  const showTable = asTable || rows.length === 0 || Boolean(onDrill);
  return (
    <Section
      title={title}
      help={help}
      testId={`breakdown-${table}`}
      action={
        <>
          {onDrill ? null : <TableToggle asTable={asTable} onChange={setAsTable} testId={`as-table-${table}`} />}
          <CsvButton onClick={onCsv} busy={csvBusy} testId={`csv-${table}`} />
        </>
      }
    >
      {showTable ? (
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          testId={`table-${table}`}
          empty={t('dashboards.empty.gifts')}
        />
      ) : (
        <BarsChart
          rows={rows.slice(0, 12).map((r) => ({ label: label(r), value: r.netCents }))}
          label={t('dashboards.series.chartLabel', { title })}
          format={money}
        />
      )}
    </Section>
  );
}
