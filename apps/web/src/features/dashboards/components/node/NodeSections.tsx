import type { CampaignCard, NodeDashboard } from '@fc/contracts';
import { Box, Card, CardContent, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Figure } from '../../../../components/ui/Figure';
import { DataTable } from '../shared/DataTable';
import { Section } from '../shared/Figures';
import { percentOf, useCount, useMoney, usePercent } from '../shared/format';
import { BarsChart } from '../shared/LazyCharts';
import { useDaysLeft } from '../shared/Lists';
import { useDashboardQuery } from '../shared/useDashboardQuery';

/** The node's campaigns as cards: goal, raised (net), progress, donors, days left. */
export function CampaignCards({ campaigns }: { campaigns: CampaignCard[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('dashboards.node.campaigns')} help={t('dashboards.node.campaignsHelp')} testId="node-campaigns">
      {campaigns.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.node.noCampaigns')}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
          }}
        >
          {campaigns.map((c) => (
            <OneCampaign key={c.id} c={c} />
          ))}
        </Box>
      )}
    </Section>
  );
}

function OneCampaign({ c }: { c: CampaignCard }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const percent = usePercent();
  const daysLeft = useDaysLeft();
  const pct = percentOf(c.raisedCents, c.goalCents);
  const progress =
    pct === null
      ? t('dashboards.node.raisedNoGoal', { raised: money(c.raisedCents) })
      : t('dashboards.node.raisedOfGoal', { raised: money(c.raisedCents), goal: money(c.goalCents) });
  return (
    <Card variant="outlined" component="article" data-testid={`campaign-card-${c.id}`}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to={`/campaigns/view/${c.id}`}>
            {c.title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {c.organizationName}
        </Typography>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">{progress}</Typography>
          {pct !== null ? (
            <Typography variant="body2" color="text.secondary">
              {percent(pct)}
            </Typography>
          ) : null}
        </Stack>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, pct ?? 0)}
          aria-label={progress}
          sx={{ height: 8, borderRadius: 4, my: 1 }}
        />
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Figure label={t('dashboards.campaigns.donors')} value={count(c.donors)} />
          <Figure label={t('dashboards.campaigns.players')} value={count(c.players)} />
          <Figure label={t('dashboards.campaigns.left')} value={daysLeft(c.daysLeft)} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The players who raised the most (net), all time in the node's active campaigns. */
export function Leaderboard({ rows }: { rows: NodeDashboard['leaderboard'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  return (
    <Section title={t('dashboards.node.leaderboard')} help={t('dashboards.node.leaderboardHelp')} testId="leaderboard">
      <DataTable
        caption={t('dashboards.node.leaderboard')}
        testId="leaderboard-table"
        rows={rows.map((r, i) => ({ ...r, rank: i + 1 }))}
        rowKey={(r) => `${r.playerId}-${r.campaignTitle}`}
        empty={t('dashboards.empty.gifts')}
        columns={[
          { key: 'rank', header: '#', cell: (r) => r.rank, numeric: true },
          { key: 'player', header: t('dashboards.node.player'), cell: (r) => r.playerName },
          { key: 'campaign', header: t('dashboards.campaigns.campaign'), cell: (r) => r.campaignTitle },
          { key: 'raised', header: t('dashboards.campaigns.raised'), cell: (r) => money(r.raisedCents), numeric: true },
          { key: 'donors', header: t('dashboards.campaigns.donors'), cell: (r) => count(r.donors), numeric: true },
        ]}
      />
    </Section>
  );
}

/** Invited → opened → donated: a chart and the same numbers, each with its share of the contacts. */
export function Funnel({ funnel }: { funnel: NodeDashboard['funnel'] }) {
  const { t } = useTranslation();
  const count = useCount();
  const percent = usePercent();
  const steps = (['invited', 'opened', 'donated'] as const).map((k) => ({
    key: k,
    label: t(`dashboards.funnel.${k}`),
    value: funnel[k],
    share: funnel.contacts > 0 ? Math.round((funnel[k] / funnel.contacts) * 100) : 0,
  }));
  return (
    <Section
      title={t('dashboards.funnel.title')}
      help={t('dashboards.funnel.help', { contacts: count(funnel.contacts) })}
      testId="funnel"
    >
      {funnel.contacts === 0 ? (
        <Typography color="text.secondary">{t('dashboards.funnel.empty')}</Typography>
      ) : (
        <>
          <BarsChart
            rows={steps.map((s) => ({ label: s.label, value: s.value }))}
            label={t('dashboards.funnel.chartLabel')}
            format={count}
            height={180}
          />
          <DataTable
            caption={t('dashboards.funnel.title')}
            testId="funnel-table"
            rows={steps}
            rowKey={(s) => s.key}
            columns={[
              { key: 'step', header: t('dashboards.funnel.step'), cell: (s) => s.label },
              { key: 'count', header: t('dashboards.funnel.contacts'), cell: (s) => count(s.value), numeric: true },
              { key: 'share', header: t('dashboards.funnel.share'), cell: (s) => percent(s.share), numeric: true },
            ]}
          />
        </>
      )}
    </Section>
  );
}

/** The divisions below the node with their players and money; a name narrows the dashboard to it. */
export function Divisions({ rows }: { rows: NodeDashboard['divisions'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const { set } = useDashboardQuery();
  return (
    <Section title={t('dashboards.node.divisions')} help={t('dashboards.node.divisionsHelp')} testId="divisions">
      <DataTable
        caption={t('dashboards.node.divisions')}
        testId="divisions-table"
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('dashboards.node.noDivisions')}
        columns={[
          {
            key: 'name',
            header: t('dashboards.nodes.name'),
            cell: (r) => (
              <Link component="button" type="button" onClick={() => set({ organizationId: r.id })}>
                {r.name}
              </Link>
            ),
          },
          { key: 'players', header: t('dashboards.counts.players'), cell: (r) => count(r.players), numeric: true },
          { key: 'net', header: t('dashboards.admin.inRange'), cell: (r) => money(r.netCents), numeric: true },
          { key: 'all', header: t('dashboards.admin.allTime'), cell: (r) => money(r.allTimeNetCents), numeric: true },
        ]}
      />
    </Section>
  );
}
