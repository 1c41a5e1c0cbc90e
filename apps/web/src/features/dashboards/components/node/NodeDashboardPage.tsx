import type { NodeDashboard } from '@fc/contracts';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useNodeDashboard } from '../../api/dashboards';
import { DashboardFrame } from '../shared/DashboardFrame';
import { SponsorshipCard, StatCard } from '../shared/Figures';
import { useCount, useMoney } from '../shared/format';
import { RangeControl } from '../shared/LazyRangeControl';
import { MoneyCards } from '../shared/MoneyCards';
import { SeriesSection } from '../shared/SeriesSection';
import { needsNode, useDashboardQuery } from '../shared/useDashboardQuery';
import { AtRiskSection } from './AtRiskSection';
import { CampaignCards, Divisions, Funnel, Leaderboard } from './NodeSections';

export interface NodeDashboardPageProps {
  /**
   * SLOT "Next onboarding tasks": the team's next open tasks (the tasks feature's card), given by
   * app/compose, which may pass the node the dashboard shows. Nothing here when not given.
   */
  nextTasks?: (organizationId: number | null) => ReactNode;
  /**
   * SLOT "BAND nudge": a reminder to the team's band about the campaigns with players at risk (the
   * BAND feature's logo button), given by app/compose for the node shown.
   */
  bandNudge?: (organizationId: number, campaigns: NodeDashboard['campaigns']) => ReactNode;
}

/** `/dashboard`: a node's campaigns, players at risk, outreach, divisions and money over time. */
export function NodeDashboardPage({ nextTasks, bandNudge }: NodeDashboardPageProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { query } = useDashboardQuery();
  const waiting = needsNode(user?.role, query.organizationId);
  const result = useNodeDashboard({ organizationId: query.organizationId, from: query.from, to: query.to }, !waiting);
  return (
    <DashboardFrame
      title={result.data?.scope.organization?.name ?? t('dashboards.node.title')}
      subtitle={t('dashboards.node.subtitle')}
      control={<RangeControl scope={waiting ? undefined : result.data?.scope} />}
      query={result}
      prompt={waiting ? t('dashboards.range.chooseNode') : undefined}
    >
      {(d) => (
        <NodeBody d={d} nextTasks={nextTasks?.(d.scope.organization?.id ?? null)} bandNudge={nudgeFor(d, bandNudge)} />
      )}
    </DashboardFrame>
  );
}

const columns = {
  display: 'grid',
  gap: { lg: 3 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
};

/** The BAND nudge for a team or division shown, about its campaigns that have players at risk. */
function nudgeFor(d: NodeDashboard, bandNudge: NodeDashboardPageProps['bandNudge']): ReactNode {
  const node = d.scope.organization;
  if (!bandNudge || !node || (node.typeId !== 3 && node.typeId !== 4)) return null;
  const atRisk = new Set(d.atRisk.players.map((p) => p.campaignId));
  const campaigns = d.campaigns.filter((c) => atRisk.has(c.id));
  return campaigns.length > 0 ? bandNudge(node.id, campaigns) : null;
}

function NodeBody({ d, nextTasks, bandNudge }: { d: NodeDashboard; nextTasks: ReactNode; bandNudge: ReactNode }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  return (
    <>
      <MoneyCards money={d.money}>
        <StatCard
          testId="card-all-time"
          label={t('dashboards.money.allTime')}
          basis={t('dashboards.basis.netAllTime')}
          value={money(d.allTimeNetCents)}
          help={t('dashboards.money.allTimeHelp')}
        />
        <StatCard
          testId="card-players"
          label={t('dashboards.counts.players')}
          value={count(d.players)}
          help={t('dashboards.counts.playersHelp')}
        />
        <SponsorshipCard line={d.sponsorships} />
      </MoneyCards>
      {nextTasks ? <Box data-testid="next-tasks-slot">{nextTasks}</Box> : null}
      <CampaignCards campaigns={d.campaigns} />
      <AtRiskSection atRisk={d.atRisk} extraAction={bandNudge} />
      <Box sx={columns}>
        <Funnel funnel={d.funnel} />
        <Leaderboard rows={d.leaderboard} />
      </Box>
      <Divisions rows={d.divisions} />
      <SeriesSection points={d.series} interval="week" title={t('dashboards.series.title')} />
    </>
  );
}
