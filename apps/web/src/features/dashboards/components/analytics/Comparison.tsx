import type { Analytics, MoneyCards } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../shared/DataTable';
import { CardGrid, Section, StatCard } from '../shared/Figures';
import { useCount, useMoney, usePercent } from '../shared/format';

type Key = keyof MoneyCards;
const ROWS: { key: Key; money: boolean }[] = [
  { key: 'netCents', money: true },
  { key: 'grossCents', money: true },
  { key: 'feesCents', money: true },
  { key: 'refundedCents', money: true },
  { key: 'gifts', money: false },
  { key: 'donors', money: false },
];
const LABEL: Record<Key, string> = {
  netCents: 'net',
  grossCents: 'gross',
  feesCents: 'fees',
  refundedCents: 'refunded',
  gifts: 'gifts',
  donors: 'donors',
};

/** The range's money against the same range a year earlier, with the change. */
export function Comparison({ a }: { a: Analytics }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const percent = usePercent();
  const rows = ROWS.map((r) => ({
    ...r,
    now: a.money[r.key],
    before: a.previousMoney[r.key],
  }));
  const change = (now: number, before: number) =>
    before === 0 ? '—' : `${now >= before ? '+' : '−'}${percent(Math.round((Math.abs(now - before) / before) * 100))}`;
  return (
    <Section
      title={t('dashboards.analytics.comparison')}
      help={t('dashboards.analytics.comparisonHelp')}
      testId="comparison"
    >
      <DataTable
        caption={t('dashboards.analytics.comparison')}
        testId="comparison-table"
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          {
            key: 'figure',
            header: t('dashboards.analytics.figure'),
            cell: (r) => t(`dashboards.money.${LABEL[r.key]}`),
          },
          {
            key: 'now',
            header: t('dashboards.analytics.thisRange'),
            cell: (r) => (r.money ? money(r.now) : count(r.now)),
            numeric: true,
          },
          {
            key: 'before',
            header: t('dashboards.analytics.yearEarlier'),
            cell: (r) => (r.money ? money(r.before) : count(r.before)),
            numeric: true,
          },
          {
            key: 'change',
            header: t('dashboards.analytics.change'),
            cell: (r) => change(r.now, r.before),
            numeric: true,
          },
        ]}
      />
    </Section>
  );
}

/** New, returning and lapsed donors; the average and the median gift. */
export function DonorCards({ a }: { a: Analytics }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  return (
    <CardGrid label={t('dashboards.analytics.donorsLabel')}>
      <StatCard
        testId="card-new"
        label={t('dashboards.donors.new')}
        value={count(a.donors.new)}
        help={t('dashboards.donors.newHelp')}
      />
      <StatCard
        testId="card-returning"
        label={t('dashboards.donors.returning')}
        value={count(a.donors.returning)}
        help={t('dashboards.donors.returningHelp')}
      />
      <StatCard
        testId="card-lapsed"
        label={t('dashboards.donors.lapsed')}
        value={count(a.donors.lapsed)}
        help={t('dashboards.donors.lapsedHelp')}
      />
      <StatCard
        testId="card-average"
        label={t('dashboards.gifts.average')}
        basis={t('dashboards.basis.gross')}
        value={money(a.averageGiftCents)}
        help={t('dashboards.gifts.averageHelp')}
      />
      <StatCard
        testId="card-median"
        label={t('dashboards.gifts.median')}
        basis={t('dashboards.basis.gross')}
        value={money(a.medianGiftCents)}
        help={t('dashboards.gifts.medianHelp')}
      />
    </CardGrid>
  );
}
