import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Card, CardContent, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/States';
import { isGone, isNotFound } from '../../api/retry';
import { PublicShell } from './PublicShell';

/** The shape of a public page while it loads (no layout jump when the data arrives). */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <PublicShell>
      <Box role="status" aria-live="polite" aria-busy="true" data-testid="public-skeleton">
        <Box
          component="span"
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {t('common.loading')}
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Skeleton variant="rounded" width={72} height={72} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" sx={{ fontSize: '2rem', maxWidth: 420 }} />
            <Skeleton variant="text" sx={{ maxWidth: 260 }} />
          </Box>
        </Stack>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
        </Grid>
      </Box>
    </PublicShell>
  );
}

/** A friendly message in the public frame (`icon`: instead of "not found"; `status`: announced). */
export function PublicMessage({
  title,
  body,
  action,
  testId,
  icon,
  status,
}: {
  title: string;
  body: string;
  action?: ReactNode;
  testId: string;
  icon?: ReactNode;
  status?: boolean;
}) {
  return (
    <PublicShell narrow>
      <Paper
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', mt: { xs: 2, md: 6 } }}
        data-testid={testId}
        role={status ? 'status' : undefined}
      >
        {icon ?? <SearchOffIcon color="action" sx={{ fontSize: 56 }} aria-hidden />}
        <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {body}
        </Typography>
        {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
      </Paper>
    </PublicShell>
  );
}

/** Not found (draft, unknown or mistyped link) or another failure with a retry. */
export function LoadFailure({
  error,
  onRetry,
  kind,
}: {
  error: unknown;
  onRetry: () => void;
  kind: 'campaign' | 'player' | 'fee' | 'donation';
}) {
  const { t } = useTranslation();
  if (kind === 'donation' && isGone(error)) {
    return (
      <PublicMessage testId="public-gone" title={t('public.cart.expiredTitle')} body={t('public.cart.expiredBody')} />
    );
  }
  if (isNotFound(error)) {
    return (
      <PublicMessage
        testId="public-not-found"
        title={t(`public.notFound.${kind}Title`)}
        body={t('public.notFound.body')}
      />
    );
  }
  return (
    <PublicShell narrow>
      <Card sx={{ mt: 4 }}>
        <CardContent>
          <ErrorState error={error} onRetry={onRetry} />
        </CardContent>
      </Card>
    </PublicShell>
  );
}
