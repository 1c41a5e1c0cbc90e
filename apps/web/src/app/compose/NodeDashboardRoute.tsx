import { NodeDashboardPage } from '../../features/dashboards/components/pages';
import { NextTasksCard } from '../../features/tasks/components/NextTasksCard';

/** The team dashboard with the onboarding feature's next open items for the node shown (decision 015). */
const nextTasks = (organizationId: number | null) =>
  organizationId === null ? null : <NextTasksCard organizationId={organizationId} />;

export function NodeDashboardRoute() {
  return <NodeDashboardPage nextTasks={nextTasks} />;
}
