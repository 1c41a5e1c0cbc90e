import type { AutoTask, Task } from '@fc/contracts';
import { Alert, Button, Card, CardActions, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingScreen } from '../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../components/ui/States';
import { useCalendarDate } from '../../../lib/format';
import { useTasks } from '../api/tasks';
import { AutoItem } from './AutoChecklist';

type Next = { kind: 'auto'; item: AutoTask } | { kind: 'task'; task: Task };

/** The next `limit` open items: automatic ones first (in checklist order), then open tasks by due date. */
export function nextItems(automatic: AutoTask[], tasks: Task[], limit = 3): Next[] {
  const auto: Next[] = automatic.filter((a) => !a.done).map((item) => ({ kind: 'auto', item }));
  const manual: Next[] = tasks.filter((x) => x.completedAt == null).map((task) => ({ kind: 'task', task }));
  return [...auto, ...manual].slice(0, limit);
}

/**
 * The team dashboard's "next onboarding steps" (issue 13): the node's next three open items, with
 * a link to the whole checklist. `organizationId` omitted: the caller's own node.
 */
export function NextTasksCard({ organizationId }: { organizationId?: number | undefined }) {
  const { t } = useTranslation();
  const date = useCalendarDate();
  const query = useTasks({ organizationId, filter: 'open' });
  const all = `/apps/todo${organizationId ? `?organizationId=${organizationId}` : ''}`;
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingScreen />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const items = nextItems(query.data.data.automatic, query.data.data.tasks);
    body =
      items.length === 0 ? (
        <Alert severity="success">{t('tasks.next.none')}</Alert>
      ) : (
        <List dense data-testid="next-tasks">
          {items.map((n) =>
            n.kind === 'auto' ? (
              <AutoItem key={n.item.key} item={n.item} dense />
            ) : (
              <ListItem key={n.task.id} data-testid={`next-task-${n.task.id}`}>
                <ListItemText
                  primary={n.task.title}
                  secondary={n.task.dueOn ? t('tasks.item.due', { date: date(n.task.dueOn) }) : undefined}
                />
              </ListItem>
            ),
          )}
        </List>
      );
  }
  return (
    <Card component="section" aria-labelledby="next-tasks-title" data-testid="next-tasks-card">
      <CardContent>
        <Typography variant="h6" component="h2" id="next-tasks-title">
          {t('tasks.next.title')}
        </Typography>
        {body}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={all} data-testid="next-tasks-all">
          {t('tasks.next.all')}
        </Button>
      </CardActions>
    </Card>
  );
}
