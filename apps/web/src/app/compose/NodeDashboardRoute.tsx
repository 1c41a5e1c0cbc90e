import { NodeDashboardPage, type NodeDashboardPageProps } from '../../features/dashboards/components/pages';
import { NextTasksCard } from '../../features/tasks/components/NextTasksCard';
import { BandButtonPart } from './BandPart';

/** The team dashboard with the onboarding feature's next open items for the node shown (decision 015). */
const nextTasks = (organizationId: number | null) =>
  organizationId === null ? null : <NextTasksCard organizationId={organizationId} />;

/** The at-risk nudge to the team's band (the BAND feature's logo button, shown to the team's managers). */
const bandNudge: NodeDashboardPageProps['bandNudge'] = (organizationId, campaigns) => (
  <BandButtonPart
    organizationId={organizationId}
    kinds={['at_risk_nudge']}
    campaigns={campaigns}
    testId="band-nudge-button"
  />
);

export function NodeDashboardRoute() {
  return <NodeDashboardPage nextTasks={nextTasks} bandNudge={bandNudge} />;
}
