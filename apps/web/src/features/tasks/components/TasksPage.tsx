import { isStaffRole, type OrgRef, TASK_FILTERS, type Task, type TaskFilter } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmRemoveDialog } from '../../../components/ui/ConfirmDialog';
import { LoadingScreen } from '../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../components/ui/PageHeader';
import { SearchField } from '../../../components/ui/SearchField';
import { EmptyState, ErrorState } from '../../../components/ui/States';
import { useToast } from '../../../components/ui/ToastProvider';
import { errorMessage } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useAddressParams } from '../../../lib/useAddressParams';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useDeleteTask, useTasks, useUpdateTask } from '../api/tasks';
import { AutoChecklist } from './AutoChecklist';
import { NodePicker } from './NodePicker';
import { TaskDialog } from './TaskDialog';
import { TaskItem } from './TaskItem';

const isFilter = (v: string | undefined): v is TaskFilter => (TASK_FILTERS as readonly string[]).includes(v ?? '');

/**
 * `/apps/todo`, `/apps/todo/{filter}`, `/apps/todo/tag/{tag}` (menu "Onboarding Tasks"): a node's
 * automatic checklist and its manual tasks. The node is `?organizationId=` (the caller's own node
 * without it); the filter and tag are in the path, the search in `?search=`, so a view can be shared.
 */
export function TasksPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams, updateSearchParams] = useAddressParams();
  const tag = params.tag ? params.tag.toLowerCase() : undefined;
  const filter: TaskFilter = isFilter(params.filter) ? params.filter : 'all';
  const nodeParam = Number(searchParams.get('organizationId'));
  const organizationId = Number.isInteger(nodeParam) && nodeParam > 0 ? nodeParam : undefined;
  const staff = isStaffRole(user?.role);
  const [searchText, setSearchText] = useState(searchParams.get('search') ?? '');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const update = useUpdateTask();
  const remove = useDeleteTask();

  const needsNode = staff && organizationId === undefined;
  const query = useTasks({ organizationId, filter, tag, search: search || undefined }, !needsNode);

  useEffect(() => {
    if ((searchParams.get('search') ?? '') === search) return;
    updateSearchParams((next) => {
      if (search) next.set('search', search);
      else next.delete('search');
    });
  }, [search, searchParams, updateSearchParams]);

  const nodeQuery = organizationId ? `?organizationId=${organizationId}` : '';
  const filterHref = (f: TaskFilter) => `${f === 'all' ? '/apps/todo' : `/apps/todo/${f}`}${nodeQuery}`;
  const tagHref = (x: string) => `/apps/todo/tag/${encodeURIComponent(x)}${nodeQuery}`;

  if (params.filter !== undefined && !isFilter(params.filter))
    return <Navigate to={`/apps/todo${nodeQuery}`} replace />;

  const data = query.data?.data;
  const chooseNode = (node: OrgRef | null) => {
    if (!node) return;
    const path = tag ? tagHref(tag).split('?')[0] : filterHref(filter).split('?')[0];
    navigate(`${path}?organizationId=${node.id}`);
  };
  const showPicker = staff || (user?.role !== undefined && user.role !== 'division_admin');
  // An organization profile reaches its own node and the nodes below it: types only go down the tree.
  const own = user?.organizations.find((o) => o.id === user.organizationId);
  const keep = (o: OrgRef) => staff || !own || o.id === own.id || o.typeId > own.typeId;
  const canManage = data?.canManage ?? false;

  const toggle = (task: Task) => {
    const completed = task.completedAt == null;
    setToggling(task.id);
    update.mutate(
      { id: task.id, body: { completed } },
      {
        onSuccess: () => toast.success(completed ? t('tasks.toast.completed') : t('tasks.toast.reopened')),
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
        onSettled: () => setToggling(null),
      },
    );
  };

  const header = (
    <PageHeader
      title={t('tasks.title')}
      subtitle={data ? t('tasks.subtitle', { name: data.organization.name }) : undefined}
      actions={
        canManage ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="task-add">
            {t('tasks.add')}
          </Button>
        ) : undefined
      }
    />
  );
  const picker = showPicker ? (
    <NodePicker
      value={
        data
          ? {
              id: data.organization.id,
              name: data.organization.name,
              typeId: data.organization.typeId as OrgRef['typeId'],
            }
          : null
      }
      onChange={chooseNode}
      keep={keep}
    />
  ) : null;

  if (needsNode)
    return (
      <>
        {header}
        <Stack spacing={2}>
          {picker}
          <Alert severity="info" data-testid="tasks-choose-node">
            {t('tasks.chooseNode')}
          </Alert>
        </Stack>
      </>
    );

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingScreen />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (data) {
    const filtered = filter !== 'all' || Boolean(tag) || Boolean(search);
    body = (
      <Stack spacing={3}>
        <AutoChecklist items={data.automatic} />
        <Card component="section" aria-labelledby="tasks-manual-title">
          <CardContent>
            <Typography variant="h6" component="h2" id="tasks-manual-title" sx={{ mb: 1 }}>
              {t('tasks.manualTitle')}
            </Typography>
            {!canManage ? (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="tasks-read-only">
                {t('tasks.readOnly')}
              </Alert>
            ) : null}
            <Tabs
              value={tag ? false : filter}
              aria-label={t('tasks.filtersLabel')}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              {TASK_FILTERS.map((f) => (
                <Tab
                  key={f}
                  value={f}
                  label={t(`tasks.filters.${f}`)}
                  component={RouterLink}
                  to={filterHref(f)}
                  data-testid={`tasks-filter-${f}`}
                />
              ))}
            </Tabs>
            {filter === 'automatic' ? (
              <Typography color="text.secondary" data-testid="tasks-automatic-only">
                {t('tasks.automaticOnly')}
              </Typography>
            ) : (
              <>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
                  <SearchField
                    label={t('tasks.search')}
                    value={searchText}
                    onChange={(e) => setSearchText(e.target.value)}
                    size="small"
                    testId="tasks-search"
                    sx={{ minWidth: { sm: 260 } }}
                  />
                  {data.tags.length > 0 ? (
                    <Box
                      component="nav"
                      aria-label={t('tasks.tagsLabel')}
                      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
                    >
                      {data.tags.map((x) => (
                        <Chip
                          key={x}
                          label={x}
                          size="small"
                          clickable
                          color={x === tag ? 'primary' : 'default'}
                          component={RouterLink}
                          to={tagHref(x)}
                          aria-current={x === tag ? 'page' : undefined}
                          data-testid={`tasks-tag-${x}`}
                        />
                      ))}
                    </Box>
                  ) : null}
                </Stack>
                {tag ? (
                  <Chip
                    label={t('tasks.tagFilter', { tag })}
                    onDelete={() => navigate(filterHref('all'))}
                    deleteIcon={<CloseIcon aria-label={t('tasks.clearTag')} />}
                    sx={{ mb: 1 }}
                    data-testid="tasks-active-tag"
                  />
                ) : null}
                {data.tasks.length === 0 ? (
                  <EmptyState message={filtered ? t('tasks.emptyFiltered') : t('tasks.empty')} />
                ) : (
                  <Box component="ul" sx={{ m: 0, p: 0 }} data-testid="tasks-list">
                    {data.tasks.map((task) => (
                      <TaskItem
                        key={task.id}
                        task={task}
                        canManage={canManage}
                        tagHref={tagHref}
                        busy={toggling === task.id}
                        onToggle={toggle}
                        onEdit={setEditing}
                        onDelete={setDeleting}
                      />
                    ))}
                  </Box>
                )}
              </>
            )}
          </CardContent>
        </Card>
      </Stack>
    );
  }

  return (
    <>
      {header}
      {picker ? <Box sx={{ mb: 3 }}>{picker}</Box> : null}
      {body}
      {editing && data ? (
        <TaskDialog
          organizationId={data.organization.id}
          assignees={data.assignees}
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmRemoveDialog
        item={deleting}
        remove={remove}
        title={t('tasks.deleteDialog.title')}
        message={t('tasks.deleteDialog.message', { title: deleting?.title ?? '' })}
        confirmLabel={t('tasks.deleteDialog.confirm')}
        doneMessage={t('tasks.toast.deleted')}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
