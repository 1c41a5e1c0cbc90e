import type { NotificationPreferences, NotificationTopicId } from '@fc/contracts';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { LANGUAGES } from '../../../../lib/i18n';
import { useNotifications, useUpdateNotifications } from '../../api/notifications';
import { ProductNewsDialog } from './ProductNewsDialog';

type Draft = { emailLanguage: string; topics: Partial<Record<NotificationTopicId, boolean>> };
/** The e-mail language select's value for "same as the console" (null on the wire). */
const SAME = 'console';

const draftOf = (p: NotificationPreferences): Draft => ({
  emailLanguage: p.emailLanguage ?? SAME,
  topics: Object.fromEntries(p.topics.map((t) => [t.id, t.enabled])),
});

/**
 * The optional e-mails the user gets (one switch per topic that applies to one of their roles)
 * and the language of their e-mails, saved together. Transactional e-mails are always sent.
 * A Super Admin also finds the product-news sender here.
 */
export function NotificationsTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const query = useNotifications();
  const mutation = useUpdateNotifications();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [newsOpen, setNewsOpen] = useState(false);

  useEffect(() => {
    if (query.data && draft === null) setDraft(draftOf(query.data));
  }, [query.data, draft]);

  if (query.isPending)
    return (
      <Stack spacing={2} data-testid="notifications-loading" aria-busy="true">
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const saved = query.data;
  const current = draft ?? draftOf(saved);
  const shown = saved.topics.filter((x) => x.applies);
  const changedTopics = Object.fromEntries(
    shown.filter((x) => current.topics[x.id] !== x.enabled).map((x) => [x.id, current.topics[x.id] === true]),
  );
  const languageChanged = current.emailLanguage !== (saved.emailLanguage ?? SAME);
  const dirty = languageChanged || Object.keys(changedTopics).length > 0;

  const save = () =>
    mutation.mutate(
      {
        ...(Object.keys(changedTopics).length ? { topics: changedTopics } : {}),
        ...(languageChanged
          ? { emailLanguage: current.emailLanguage === SAME ? null : (current.emailLanguage as 'en' | 'es') }
          : {}),
      },
      {
        onSuccess: (data) => {
          setDraft(draftOf(data));
          toast.success(t('notifications.saved'));
        },
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
      },
    );

  return (
    <Stack
      spacing={3}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Typography variant="body2" color="text.secondary">
        {t('notifications.intro')}
      </Typography>
      <FormControl component="fieldset" disabled={mutation.isPending}>
        <FormLabel component="legend">{t('notifications.topicsLabel')}</FormLabel>
        {shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('notifications.none')}
          </Typography>
        ) : (
          shown.map((topic) => (
            <Box key={topic.id} sx={{ mt: 1.5 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={current.topics[topic.id] === true}
                    onChange={(e) =>
                      setDraft({ ...current, topics: { ...current.topics, [topic.id]: e.target.checked } })
                    }
                    slotProps={{
                      input: {
                        'aria-describedby': `notification-help-${topic.id}`,
                        'data-testid': `notification-${topic.id}`,
                      } as object,
                    }}
                  />
                }
                label={t(`notifications.topics.${topic.id}.label`)}
              />
              <FormHelperText id={`notification-help-${topic.id}`} sx={{ ml: 6, mt: -0.5 }}>
                {t(`notifications.topics.${topic.id}.help`)}
              </FormHelperText>
            </Box>
          ))
        )}
      </FormControl>
      <TextField
        select
        label={t('notifications.languageLabel')}
        value={current.emailLanguage}
        onChange={(e) => setDraft({ ...current, emailLanguage: e.target.value })}
        helperText={t('notifications.languageHelp')}
        disabled={mutation.isPending}
        sx={{ maxWidth: 360 }}
        slotProps={{ htmlInput: { 'data-testid': 'notification-language' } }}
      >
        <MenuItem value={SAME}>
          {t('notifications.sameAsConsole', { language: t(`languages.${saved.language}`) })}
        </MenuItem>
        {LANGUAGES.map((l) => (
          <MenuItem key={l} value={l} lang={l}>
            {t(`languages.${l}`)}
          </MenuItem>
        ))}
      </TextField>
      <Alert severity="info" variant="outlined">
        {t('notifications.transactional')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          type="submit"
          variant="contained"
          disabled={!dirty || mutation.isPending}
          data-testid="notifications-save"
        >
          {mutation.isPending ? t('notifications.saving') : t('notifications.save')}
        </Button>
        {user?.role === 'super_admin' ? (
          <Button variant="outlined" onClick={() => setNewsOpen(true)} data-testid="product-news-open">
            {t('notifications.news.open')}
          </Button>
        ) : null}
      </Stack>
      {newsOpen ? <ProductNewsDialog onClose={() => setNewsOpen(false)} /> : null}
    </Stack>
  );
}
