import type { Task } from '@fc/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Checkbox, Chip, FormControlLabel, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCalendarDate } from '../../../lib/format';

/** Today as `YYYY-MM-DD` in UTC (the server's "overdue" uses the same day). */
export const todayIso = () => new Date().toISOString().slice(0, 10);

interface TaskItemProps {
  task: Task;
  canManage: boolean;
  /** The address of a tag's list (keeps the chosen node). */
  tagHref: (tag: string) => string;
  busy: boolean;
  onToggle: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}

/** A manual task: its done box, title, who and when, tags, and edit / delete for managers. */
export function TaskItem({ task, canManage, tagHref, busy, onToggle, onEdit, onDelete }: TaskItemProps) {
  const { t } = useTranslation();
  const date = useCalendarDate();
  const done = task.completedAt != null;
  const overdue = !done && task.dueOn != null && task.dueOn < todayIso();
  return (
    <Box
      component="li"
      data-testid={`task-${task.id}`}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        listStyle: 'none',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mr: 0, ml: -1, display: 'flex' }}
          control={
            <Checkbox
              checked={done}
              disabled={!canManage || busy}
              onChange={() => onToggle(task)}
              slotProps={{ input: { 'aria-label': t('tasks.item.complete', { title: task.title }) } }}
              data-testid={`task-${task.id}-toggle`}
              sx={{ mt: -1, py: 1 }}
            />
          }
          label={task.title}
          slotProps={{
            typography: {
              sx: {
                fontWeight: 500,
                overflowWrap: 'anywhere',
                textDecoration: done ? 'line-through' : 'none',
                color: done ? 'text.secondary' : 'text.primary',
              },
            },
          }}
        />
        <Box sx={{ pl: 4 }}>
          {task.description ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
            >
              {task.description}
            </Typography>
          ) : null}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, alignItems: 'center' }}>
            <Typography variant="caption" color="text.secondary">
              {task.assignee ? t('tasks.item.assignedTo', { name: task.assignee.name }) : t('tasks.item.unassigned')}
            </Typography>
            {task.dueOn ? (
              <Typography
                variant="caption"
                color={overdue ? 'error' : 'text.secondary'}
                data-testid={`task-${task.id}-due`}
              >
                {t('tasks.item.due', { date: date(task.dueOn) })}
                {overdue ? ` · ${t('tasks.item.overdue')}` : ''}
              </Typography>
            ) : null}
            {done ? (
              <Typography variant="caption" color="success.main">
                {t('tasks.item.completed')}
              </Typography>
            ) : null}
            {task.tags.map((tag) => (
              <Chip
                key={tag}
                label={tag}
                size="small"
                variant="outlined"
                clickable
                component={RouterLink}
                to={tagHref(tag)}
                data-testid={`task-${task.id}-tag-${tag}`}
              />
            ))}
          </Stack>
        </Box>
      </Box>
      {canManage ? (
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title={t('common.edit')}>
            <IconButton
              aria-label={t('tasks.item.edit', { title: task.title })}
              onClick={() => onEdit(task)}
              data-testid={`task-${task.id}-edit`}
            >
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <IconButton
              aria-label={t('tasks.item.delete', { title: task.title })}
              onClick={() => onDelete(task)}
              data-testid={`task-${task.id}-delete`}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ) : null}
    </Box>
  );
}
