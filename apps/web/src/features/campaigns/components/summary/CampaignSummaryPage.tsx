import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Breadcrumbs, Button, Card, CardContent, Link, Skeleton, Typography } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { isApiError } from '../../../../lib/api/errors';
import { useCampaignReport } from '../../api/get-report';
import { CampaignNotFound } from '../shared/CampaignNotFound';
import { CampaignStatusChip } from '../shared/Chips';
import { count, useMoney } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';
import { StatCards } from '../shared/StatCards';
import { DivisionTable, DonorTable, PlayerTable } from './ReportTables';

const RaisedChart = lazy(() => import('./RaisedChart'));

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = `${testId}-title`;
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /campaigns/{id}/summary and /campaigns/{id}/summary/division/{divisionId}: totals from completed
 * donations (minus refunds), progress to the goal, a chart over time, and the figures by
 * division, by player and by donor.
 */
export function CampaignSummaryPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const params = useParams();
  const campaignId = Number(params.id);
  const divisionId = params.divisionId === undefined ? undefined : Number(params.divisionId);
  const report = useCampaignReport(campaignId, divisionId);

  const badId =
    !Number.isInteger(campaignId) ||
    campaignId <= 0 ||
    (divisionId !== undefined && (!Number.isInteger(divisionId) || divisionId <= 0));
  if (badId || (isApiError(report.error) && report.error.status === 404)) return <CampaignNotFound />;
  if (report.isPending) return <LoadingScreen />;
  if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;

  const { campaign, division, totals, byDivision, byPlayer, topDonors, daily } = report.data.data;
  const summaryPath = `/campaigns/${campaign.id}/summary`;
  const noDonations = totals.donations === 0;

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="campaign-summary">
      <Box>
        <Breadcrumbs aria-label={t('campaigns.summary.breadcrumb')} sx={{ mb: 1 }}>
          <Link component={RouterLink} to="/campaigns/list" underline="hover">
            {t('campaigns.list.title')}
          </Link>
          <Link component={RouterLink} to={`/campaigns/view/${campaign.id}`} underline="hover">
            {campaign.title}
          </Link>
          {division ? (
            <Link component={RouterLink} to={summaryPath} underline="hover">
              {t('campaigns.summary.title')}
            </Link>
          ) : null}
          <Typography color="text.primary" aria-current="page">
            {division ? division.name : t('campaigns.summary.title')}
          </Typography>
        </Breadcrumbs>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word', flexGrow: 1 }}>
            {division
              ? t('campaigns.summary.divisionHeading', { division: division.name, title: campaign.title })
              : t('campaigns.summary.heading', { title: campaign.title })}
          </Typography>
          <CampaignStatusChip status={campaign.status} />
          <Button
            startIcon={<ArrowBackIcon />}
            component={RouterLink}
            to={division ? summaryPath : `/campaigns/view/${campaign.id}`}
          >
            {division ? t('campaigns.summary.backToSummary') : t('campaigns.summary.backToCampaign')}
          </Button>
        </Box>
      </Box>

      <StatCards
        label={t('campaigns.summary.totals')}
        testId="summary-stats"
        stats={[
          {
            id: 'raised',
            label: t('campaigns.fields.raised'),
            value: money(totals.raisedCents),
            hint: <GoalProgress raisedCents={totals.raisedCents} goalCents={totals.goalCents} dense />,
          },
          { id: 'goal', label: t('campaigns.fields.goal'), value: money(totals.goalCents, { whole: true }) },
          { id: 'donors', label: t('campaigns.fields.donors'), value: count(totals.donors) },
          { id: 'donations', label: t('campaigns.fields.donations'), value: count(totals.donations) },
          { id: 'average', label: t('campaigns.summary.average'), value: money(totals.averageCents) },
          {
            id: 'playersWithDonations',
            label: t('campaigns.summary.playersWithDonations'),
            value: `${count(totals.playersWithDonations)} / ${count(totals.players)}`,
          },
        ]}
      />

      <Section title={t('campaigns.summary.overTime')} testId="summary-chart">
        {noDonations ? (
          <EmptyState message={t('campaigns.summary.noDonations')} />
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
            <RaisedChart daily={daily} />
          </Suspense>
        )}
        {noDonations ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('campaigns.summary.chartCaption', {
              raised: money(totals.raisedCents),
              donations: totals.donations,
              days: daily.length,
            })}
          </Typography>
        )}
      </Section>

      {division ? null : (
        <Section title={t('campaigns.summary.byDivision')} testId="summary-divisions">
          <DivisionTable campaignId={campaign.id} rows={byDivision} />
        </Section>
      )}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Section title={t('campaigns.summary.byPlayer')} testId="summary-players">
          <PlayerTable rows={byPlayer} />
        </Section>
        <Section title={t('campaigns.summary.topDonors')} testId="summary-donors">
          <DonorTable rows={topDonors} />
        </Section>
      </Box>
    </Box>
  );
}
