import type { MoneyCards as Money } from '@fc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid, StatCard } from './Figures';
import { useCount, useMoney } from './format';

/**
 * The money of a range: gross, fees, refunded and net (each card says which it is and how it is
 * computed), gifts and donors. `children` are more cards in the same grid.
 */
export function MoneyCards({ money: m, children }: { money: Money; children?: ReactNode }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  return (
    <CardGrid label={t('dashboards.money.label')}>
      <StatCard
        testId="card-net"
        label={t('dashboards.money.net')}
        basis={t('dashboards.basis.net')}
        value={money(m.netCents)}
        help={t('dashboards.money.netHelp')}
      />
      <StatCard
        testId="card-gross"
        label={t('dashboards.money.gross')}
        basis={t('dashboards.basis.gross')}
        value={money(m.grossCents)}
        help={t('dashboards.money.grossHelp')}
      />
      <StatCard
        testId="card-fees"
        label={t('dashboards.money.fees')}
        basis={t('dashboards.basis.gross')}
        value={money(m.feesCents)}
        help={t('dashboards.money.feesHelp')}
      />
      <StatCard
        testId="card-refunded"
        label={t('dashboards.money.refunded')}
        value={money(m.refundedCents)}
        help={t('dashboards.money.refundedHelp')}
      />
      <StatCard
        testId="card-gifts"
        label={t('dashboards.money.gifts')}
        value={count(m.gifts)}
        help={t('dashboards.money.giftsHelp')}
      />
      <StatCard
        testId="card-donors"
        label={t('dashboards.money.donors')}
        value={count(m.donors)}
        help={t('dashboards.money.donorsHelp')}
      />
      {children}
    </CardGrid>
  );
}
