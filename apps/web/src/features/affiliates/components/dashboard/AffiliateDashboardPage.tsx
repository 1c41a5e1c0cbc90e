import type { AffiliateDashboard } from '@fc/contracts';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Figure } from '../../../../components/ui/Figure';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { count, useCalendarDate, useMoney } from '../../../../lib/format';
import { useAffiliateDashboard } from '../../api/money';
import { useAffiliateSelf } from '../shared/useAffiliateSelf';
import { BalancesPanel } from './BalancesPanel';
import { LazyDailyChart } from './LazyDailyChart';
import { LinksTable, ReferralLinks } from './LinkParts';
import { RangePicker } from './RangePicker';
import { daysBack, isIsoDate } from './range';

/** /dashboard/affiliate (the Affiliate's home): funnel, earnings, balances and payout request, links, the daily chart. */
export function AffiliateDashboardPage() {
  const { t } = useTranslation();
  const self = useAffiliateSelf();
  const [params, setParams] = useSearchParams();
  const fallback = daysBack(30);
  const from = params.get('from');
  const to = params.get('to');
  const range = isIsoDate(from) && isIsoDate(to) ? { from, to } : fallback;
  const query = useAffiliateDashboard(self.id, range);
  const setRange = (r: { from: string; to: string }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', r.from);
        next.set('to', r.to);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader title={t('affiliates.dash.title')} subtitle={t('affiliates.dash.subtitle')} />
      {self.prompt ? (
        <Alert severity="info" data-testid="affiliate-self-prompt">
          {self.prompt}
        </Alert>
      ) : (
        <>
          <RangePicker from={range.from} to={range.to} onChange={setRange} />
          {self.error || (query.isError && !query.data) ? (
            <ErrorState error={self.error ?? query.error} onRetry={() => void query.refetch()} />
          ) : query.data ? (
            <Dashboard d={query.data.data} affiliateId={self.id as number} />
          ) : (
            <LoadingScreen />
          )}
        </>
      )}
    </>
  );
}

function Dashboard({ d, affiliateId }: { d: AffiliateDashboard; affiliateId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const day = useCalendarDate();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <ReferralLinks referral={d.referral} />
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Card data-testid="dash-funnel">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('affiliates.dash.funnel')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 2 }}>
              <Figure label={t('affiliates.dash.clicks')} value={count(d.funnel.clicks)} testId="funnel-clicks" />
              <Figure label={t('affiliates.dash.visitors')} value={count(d.funnel.visitors)} testId="funnel-visitors" />
              <Figure
                label={t('affiliates.dash.registrations')}
                value={count(d.funnel.registrations)}
                testId="funnel-registrations"
              />
              <Figure
                label={t('affiliates.dash.approvedTeams')}
                value={count(d.funnel.approvedTeams)}
                testId="funnel-teams"
              />
              <Figure
                label={t('affiliates.dash.gifts')}
                value={`${count(d.funnel.gifts)} · ${money(d.funnel.giftCents)}`}
                testId="funnel-gifts"
              />
            </Stack>
          </CardContent>
        </Card>
        <Card data-testid="dash-earnings">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('affiliates.dash.earnings')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 2 }}>
              <Figure
                label={t('affiliates.commission.pending')}
                value={money(d.earnings.pendingCents)}
                testId="earn-pending"
              />
              <Figure
                label={t('affiliates.commission.approved')}
                value={money(d.earnings.approvedCents)}
                testId="earn-approved"
              />
              <Figure label={t('affiliates.commission.paid')} value={money(d.earnings.paidCents)} testId="earn-paid" />
              <Figure
                label={t('affiliates.commission.voided')}
                value={money(d.earnings.voidedCents)}
                testId="earn-voided"
              />
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <BalancesPanel d={d} affiliateId={affiliateId} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('affiliates.dash.daily')}
          </Typography>
          <LazyDailyChart
            series={d.series}
            label={t('affiliates.dash.dailyLabel', { from: day(d.from), to: day(d.to) })}
            labels={{ clicks: t('affiliates.dash.clicks'), conversions: t('affiliates.dash.conversions'), day }}
          />
        </CardContent>
      </Card>
      <LinksTable links={d.links} />
    </Box>
  );
}
