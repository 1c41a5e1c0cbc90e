import type { BandPost, BandPostStatus } from '@fc/contracts';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import {
  Alert,
  Box,
  Chip,
  type ChipProps,
  List,
  ListItem,
  Skeleton,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/States';
import { useBandPosts } from '../../api/band';

const COLOR: Record<BandPostStatus, ChipProps['color']> = {
  queued: 'default',
  sending: 'info',
  posted: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A post's state as a chip (shared by the history and the post dialog). */
export function PostStatusChip({ status }: { status: BandPostStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`band.posts.status.${status}`)}
      data-status={status}
    />
  );
}

/** The sentence for a post's last error code (ours, from the contract's BAND_POST_ERRORS). */
export function useLastError() {
  const { t, i18n } = useTranslation();
  return (code: string | null) =>
    code ? (i18n.exists(`band.posts.errors.${code}`) ? t(`band.posts.errors.${code}`) : code) : null;
}

function PostRow({ post }: { post: BandPost }) {
  const { t, i18n } = useTranslation();
  const lastError = useLastError();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const error = post.status !== 'posted' ? lastError(post.lastError) : null;
  return (
    <ListItem disableGutters divider data-testid={`band-post-${post.id}`} sx={{ display: 'block' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Box data-testid={`band-post-status-${post.id}`} data-status={post.status}>
          <PostStatusChip status={post.status} />
        </Box>
        <Typography sx={{ fontWeight: 500 }}>{t(`band.kind.${post.kind}`)}</Typography>
        {post.doPush ? (
          <Chip
            size="small"
            variant="outlined"
            icon={<NotificationsActiveIcon aria-hidden />}
            label={t('band.posts.push')}
          />
        ) : null}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {post.content}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {post.postedAt
          ? t('band.posts.postedAt', { when: when(post.postedAt) })
          : t('band.posts.queuedAt', { when: when(post.createdAt) })}
        {' · '}
        {t('band.posts.attempts', { count: post.attempts })}
      </Typography>
      {error ? (
        <Alert severity={post.status === 'failed' ? 'error' : 'info'} sx={{ mt: 1, py: 0 }}>
          {error}
        </Alert>
      ) : null}
    </ListItem>
  );
}

/** The team's posts to BAND, newest first, with their state (it updates while one is on its way). */
export function PostHistory({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const posts = useBandPosts(organizationId, page + 1, pageSize);

  return (
    <Box component="section" aria-labelledby="band-posts-title" data-testid="band-posts">
      <Typography id="band-posts-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('band.posts.title')}
      </Typography>
      {posts.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : posts.isError ? (
        <ErrorState error={posts.error} onRetry={() => void posts.refetch()} />
      ) : posts.data.total === 0 ? (
        <Typography color="text.secondary" data-testid="band-posts-empty">
          {t('band.posts.empty')}
        </Typography>
      ) : (
        <>
          <List dense aria-label={t('band.posts.listLabel')}>
            {posts.data.data.map((p) => (
              <PostRow key={p.id} post={p} />
            ))}
          </List>
          <TablePagination
            component="div"
            count={posts.data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('common.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('band.posts.range', { from, to, count })}
            getItemAriaLabel={(type) =>
              t(`band.posts.page${type.charAt(0).toUpperCase()}${type.slice(1)}` as 'band.posts.pageNext')
            }
            data-testid="band-posts-pagination"
          />
        </>
      )}
    </Box>
  );
}
