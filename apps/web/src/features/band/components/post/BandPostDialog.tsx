import { BAND_MESSAGE_MAX, type BandPost, type BandPostKind, type BandTeamState } from '@fc/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../lib/api/errors';
import { useBandPosts, useQueueBandPost } from '../../api/band';
import { BandLogo } from '../BandLogo';
import { PostStatusChip, useLastError } from '../team/PostHistory';
import { type BandCampaign, previewText } from './preview';

export interface BandPostDialogProps {
  organizationId: number;
  team: BandTeamState;
  kinds: readonly BandPostKind[];
  campaigns: readonly BandCampaign[];
  onClose: () => void;
}

/** The post just queued, followed in the team's newest posts until it is posted or fails. */
function QueuedPost({ organizationId, queued }: { organizationId: number; queued: BandPost }) {
  const { t } = useTranslation();
  const lastError = useLastError();
  const recent = useBandPosts(organizationId, 1, 20);
  const post = recent.data?.data.find((p) => p.id === queued.id) ?? queued;
  const error = post.status !== 'posted' ? lastError(post.lastError) : null;
  return (
    <Stack spacing={1.5} data-testid="band-post-result">
      <Alert severity={queued.created === false ? 'info' : 'success'}>
        {queued.created === false ? t('band.dialog.alreadySent') : t('band.dialog.sent')}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{t('band.dialog.stateLabel')}</Typography>
        <Box data-testid="band-post-result-status" data-status={post.status} aria-live="polite">
          <PostStatusChip status={post.status} />
        </Box>
      </Stack>
      {error ? <Alert severity={post.status === 'failed' ? 'error' : 'info'}>{error}</Alert> : null}
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('band.dialog.posted')}
        </Typography>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
          data-testid="band-post-result-content"
        >
          {post.content}
        </Typography>
      </Box>
    </Stack>
  );
}

/** Preview, personal line, push toggle and Send for one event of a campaign; or how to link a band. */
export function BandPostDialog({ organizationId, team, kinds, campaigns, onClose }: BandPostDialogProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queue = useQueueBandPost(organizationId);
  const [kind, setKind] = useState<BandPostKind>(kinds[0] ?? 'campaign_launch');
  const [campaignId, setCampaignId] = useState(campaigns[0]?.id ?? 0);
  const [line, setLine] = useState('');
  const [doPush, setDoPush] = useState(false);
  const campaign = campaigns.find((c) => c.id === campaignId) ?? campaigns[0];
  const queued = queue.data?.data;
  const link = team.link;

  const send = () => {
    if (!campaign) return;
    queue.mutate({ kind, campaignId: campaign.id, doPush, ...(line.trim() ? { message: line.trim() } : {}) });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-t`} data-testid="band-post-dialog">
      <DialogTitle id={`${id}-t`} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <BandLogo size={28} />
        {t('band.dialog.title')}
      </DialogTitle>
      <DialogContent>
        {!link ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="info" data-testid="band-post-no-link">
              {t('band.dialog.noLink')}
            </Alert>
            <Button
              variant="outlined"
              component={RouterLink}
              to={`/orgs/teams/view/${organizationId}?tab=band`}
              onClick={onClose}
              data-testid="band-post-go-team"
            >
              {t('band.dialog.goToTeam')}
            </Button>
          </Stack>
        ) : queued ? (
          <QueuedPost organizationId={organizationId} queued={queued} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary" data-testid="band-post-to">
              {t('band.dialog.to', { band: link.bandName })}
            </Typography>
            {link.accountStatus === 'expired' ? (
              <Alert severity="warning">{t('band.team.accountExpired')}</Alert>
            ) : null}
            {kinds.length > 1 ? (
              <TextField
                select
                label={t('band.dialog.kind')}
                value={kind}
                onChange={(e) => setKind(e.target.value as BandPostKind)}
                data-testid="band-post-kind"
              >
                {kinds.map((k) => (
                  <MenuItem key={k} value={k} data-testid={`band-kind-${k}`}>
                    {t(`band.kind.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Typography sx={{ fontWeight: 500 }} data-testid="band-post-kind-label">
                {t(`band.kind.${kind}`)}
              </Typography>
            )}
            {campaigns.length > 1 ? (
              <TextField
                select
                label={t('band.dialog.campaign')}
                value={campaign?.id ?? ''}
                onChange={(e) => setCampaignId(Number(e.target.value))}
                data-testid="band-post-campaign"
              >
                {campaigns.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.title}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <TextField
              label={t('band.dialog.text')}
              helperText={t('band.dialog.textHelp')}
              value={line}
              onChange={(e) => setLine(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: BAND_MESSAGE_MAX, 'data-testid': 'band-post-line' } }}
            />
            {campaign ? (
              <Box>
                <Typography variant="caption" color="text.secondary" id={`${id}-p`}>
                  {t('band.dialog.preview')}
                </Typography>
                <Typography
                  variant="body2"
                  aria-labelledby={`${id}-p`}
                  sx={{
                    whiteSpace: 'pre-line',
                    wordBreak: 'break-word',
                    p: 1.5,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                  }}
                  data-testid="band-post-preview"
                >
                  {previewText(t, i18n.language, kind, campaign, line)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('band.dialog.previewHelp')}
                </Typography>
              </Box>
            ) : null}
            <FormControlLabel
              control={
                <Switch checked={doPush} onChange={(e) => setDoPush(e.target.checked)} data-testid="band-post-push" />
              }
              label={t('band.dialog.push')}
            />
            {queue.isError ? (
              <Alert severity="error" data-testid="band-post-error">
                {errorMessage(queue.error, t('errors.generic'))}
              </Alert>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="band-post-close">
          {queued || !link ? t('common.close') : t('common.cancel')}
        </Button>
        {link && !queued ? (
          <Button
            variant="contained"
            onClick={send}
            disabled={queue.isPending || !campaign}
            data-testid="band-post-send"
          >
            {t('band.dialog.send')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
