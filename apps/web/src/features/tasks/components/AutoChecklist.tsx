import type { AutoTask } from '@fc/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden';

/** One automatic item: ticked (a fact) or a link to where it is done. */
export function AutoItem({ item, dense = false }: { item: AutoTask; dense?: boolean }) {
  const { t } = useTranslation();
  const label = t(`tasks.auto.items.${item.key}`);
  const icon = (
    <ListItemIcon sx={{ minWidth: 36 }}>
      {item.done ? (
        <CheckCircleIcon color="success" aria-hidden />
      ) : (
        <RadioButtonUncheckedIcon color="action" aria-hidden />
      )}
    </ListItemIcon>
  );
  // The state is said in words too (not by the icon's colour alone).
  const state = <VisuallyHidden>{item.done ? t('tasks.auto.done') : t('tasks.auto.open')}: </VisuallyHidden>;
  if (item.done)
    return (
      <ListItem dense={dense} data-testid={`auto-${item.key}`} data-done="true">
        {icon}
        <ListItemText
          primary={
            <>
              {state}
              {label}
            </>
          }
          slotProps={{ primary: { color: 'text.secondary' } }}
        />
      </ListItem>
    );
  return (
    <ListItem disablePadding data-testid={`auto-${item.key}`} data-done="false">
      <ListItemButton dense={dense} component={RouterLink} to={item.href}>
        {icon}
        <ListItemText
          primary={
            <>
              {state}
              {label}
            </>
          }
        />
      </ListItemButton>
    </ListItem>
  );
}

/** The automatic checklist: progress ("3 of 6 done") and each item. */
export function AutoChecklist({ items }: { items: AutoTask[] }) {
  const { t } = useTranslation();
  const id = useId();
  const done = items.filter((i) => i.done).length;
  const progress = t('tasks.auto.progress', { done, total: items.length });
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid="auto-checklist">
      <CardContent>
        <Typography variant="h6" component="h2" id={`${id}-title`}>
          {t('tasks.auto.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('tasks.auto.help')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={items.length ? (done / items.length) * 100 : 0}
            aria-label={progress}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" data-testid="auto-progress" sx={{ whiteSpace: 'nowrap' }}>
            {progress}
          </Typography>
        </Box>
        <List dense>
          {items.map((item) => (
            <AutoItem key={item.key} item={item} />
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
