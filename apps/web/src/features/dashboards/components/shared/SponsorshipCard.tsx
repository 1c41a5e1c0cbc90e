import { useTranslation } from 'react-i18next';
import { StatCard } from './Figures';
import { useCount, useMoney } from './format';

/** The sponsorship line (decision 019): units paid in the range and their revenue, apart from the donation figures. */
export function SponsorshipCard({ line }: { line: { count: number; revenueCents: number } }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  return (
    <StatCard
      testId="card-sponsorships"
      label={t('dashboards.sponsorships.label')}
      basis={t('dashboards.sponsorships.sold', { count: line.count, formatted: count(line.count) })}
      value={money(line.revenueCents)}
      help={t('dashboards.sponsorships.help')}
    />
  );
}
