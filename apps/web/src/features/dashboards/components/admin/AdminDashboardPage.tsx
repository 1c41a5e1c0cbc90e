import type { AdminDashboard } from '@fc/contracts';
import { Box, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useAdminDashboard } from '../../api/dashboards';
import { DashboardFrame } from '../shared/DashboardFrame';
import { DataTable } from '../shared/DataTable';
import { Section, SponsorshipCard, StatCard } from '../shared/Figures';
import { useCount, useDay, useMoney } from '../shared/format';
import { RangeControl } from '../shared/LazyRangeControl';
import { CampaignTable, orgPath, RankedTable } from '../shared/Lists';
import { MoneyCards } from '../shared/MoneyCards';
import { SeriesSection } from '../shared/SeriesSection';
import { useDashboardQuery } from '../shared/useDashboardQuery';

const twoColumns = {
  display: 'grid',
  gap: { lg: 3 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
};

/** `/dashboard/admin`: the platform (Super Admin) or the salesperson's portfolio (FYS Sales). */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { query } = useDashboardQuery();
  const params = { organizationId: query.organizationId, from: query.from, to: query.to };
  const result = useAdminDashboard(params);
  const sales = user?.role === 'fys_sales';
  return (
    <DashboardFrame
      title={t(sales ? 'dashboards.admin.salesTitle' : 'dashboards.admin.title')}
      subtitle={t(sales ? 'dashboards.admin.salesSubtitle' : 'dashboards.admin.subtitle')}
      control={<RangeControl scope={result.data?.scope} />}
      query={result}
    >
      {(d) => <AdminBody d={d} />}
    </DashboardFrame>
  );
}

function AdminBody({ d }: { d: AdminDashboard }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const day = useDay();
  return (
    <>
      <MoneyCards money={d.money}>
        <StatCard
          testId="card-paid-out"
          label={t('dashboards.money.paidOut')}
          basis={t('dashboards.basis.allTime')}
          value={money(d.paidOutCents)}
          help={t('dashboards.money.paidOutHelp')}
        />
        <StatCard
          testId="card-awaiting"
          label={t('dashboards.money.awaiting')}
          basis={t('dashboards.basis.allTime')}
          value={money(d.awaitingPayoutCents)}
          help={t('dashboards.money.awaitingHelp')}
        />
        <StatCard
          testId="card-active"
          label={t('dashboards.counts.activeCampaigns')}
          value={count(d.activeCampaigns)}
          help={t('dashboards.counts.activeCampaignsHelp')}
        />
        <StatCard
          testId="card-teams"
          label={t('dashboards.counts.teams')}
          value={count(d.teams)}
          help={t('dashboards.counts.teamsHelp')}
        />
        <StatCard
          testId="card-players"
          label={t('dashboards.counts.players')}
          value={count(d.players)}
          help={t('dashboards.counts.playersHelp')}
        />
        <SponsorshipCard line={d.sponsorships} />
      </MoneyCards>

      <SeriesSection points={d.series} interval="week" title={t('dashboards.series.title')} />

      {d.portfolio ? (
        <Section title={t('dashboards.admin.portfolio')} help={t('dashboards.admin.portfolioHelp')} testId="portfolio">
          <DataTable
            caption={t('dashboards.admin.portfolio')}
            testId="portfolio-table"
            rows={d.portfolio}
            rowKey={(r) => r.id}
            empty={t('dashboards.admin.portfolioEmpty')}
            columns={[
              {
                key: 'name',
                header: t('dashboards.nodes.team'),
                cell: (r) => (
                  <Link component={RouterLink} to={orgPath(r.id, 3)}>
                    {r.name}
                  </Link>
                ),
              },
              { key: 'net', header: t('dashboards.admin.inRange'), cell: (r) => money(r.netCents), numeric: true },
              {
                key: 'all',
                header: t('dashboards.admin.allTime'),
                cell: (r) => money(r.allTimeNetCents),
                numeric: true,
              },
              {
                key: 'active',
                header: t('dashboards.counts.activeCampaigns'),
                cell: (r) => count(r.activeCampaigns),
                numeric: true,
              },
            ]}
          />
        </Section>
      ) : null}

      <Box sx={twoColumns}>
        <Section title={t('dashboards.admin.topOrganizations')} help={t('dashboards.admin.topOrganizationsHelp')}>
          <RankedTable rows={d.topOrganizations} caption={t('dashboards.admin.topOrganizations')} testId="top-orgs" />
        </Section>
        <Section title={t('dashboards.admin.topCampaigns')} help={t('dashboards.admin.topCampaignsHelp')}>
          <CampaignTable
            rows={d.topCampaigns}
            caption={t('dashboards.admin.topCampaigns')}
            testId="top-campaigns"
            empty={t('dashboards.empty.gifts')}
          />
        </Section>
        <Section title={t('dashboards.admin.endingSoon')} help={t('dashboards.admin.endingSoonHelp')}>
          <CampaignTable
            rows={d.endingSoon}
            caption={t('dashboards.admin.endingSoon')}
            testId="ending-soon"
            empty={t('dashboards.admin.endingSoonEmpty')}
          />
        </Section>
        <Section title={t('dashboards.admin.behindPace')} help={t('dashboards.admin.behindPaceHelp')}>
          <CampaignTable
            rows={d.behindPace}
            caption={t('dashboards.admin.behindPace')}
            testId="behind-pace"
            empty={t('dashboards.admin.behindPaceEmpty')}
            pace
          />
        </Section>
        <Section title={t('dashboards.admin.payoutsNotConnected')} help={t('dashboards.admin.payoutsNotConnectedHelp')}>
          <DataTable
            caption={t('dashboards.admin.payoutsNotConnected')}
            testId="payouts-not-connected"
            rows={d.payoutsNotConnected}
            rowKey={(r) => r.id}
            empty={t('dashboards.admin.payoutsNotConnectedEmpty')}
            columns={[
              {
                key: 'name',
                header: t('dashboards.nodes.name'),
                cell: (r) => (
                  <Link component={RouterLink} to={orgPath(r.id, r.typeId)}>
                    {r.name}
                  </Link>
                ),
              },
              { key: 'type', header: t('dashboards.nodes.type'), cell: (r) => t(`dashboards.orgTypes.${r.typeId}`) },
            ]}
          />
        </Section>
        <Section title={t('dashboards.admin.newTeams')} help={t('dashboards.admin.newTeamsHelp')}>
          <DataTable
            caption={t('dashboards.admin.newTeams')}
            testId="new-teams"
            rows={d.newTeams}
            rowKey={(r) => r.id}
            empty={t('dashboards.admin.newTeamsEmpty')}
            columns={[
              {
                key: 'name',
                header: t('dashboards.nodes.team'),
                cell: (r) => (
                  <Link component={RouterLink} to={orgPath(r.id, 3)}>
                    {r.name}
                  </Link>
                ),
              },
              { key: 'created', header: t('dashboards.nodes.created'), cell: (r) => day(r.createdAt) },
            ]}
          />
        </Section>
      </Box>
    </>
  );
}
