import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { isApiError } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useFundraiserCampaign } from '../../api/fundraiser-campaign';
import { useFundraiser } from '../../api/get-fundraiser';
import { fullName } from '../shared/format';
import { PlayerPhoto } from '../shared/PlayerPhoto';
import { PageSettingsForm } from './PageSettingsForm';
import { ProgressCard } from './ProgressCard';
import { ShareCard } from './ShareCard';

// The contacts grid (DataGrid) loads after the settings, in its own chunk.
const ContactsSection = lazy(async () => ({ default: (await import('./ContactsSection')).ContactsSection }));

const positiveId = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

function BackButton() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const family = user?.role === 'fundraiser';
  return (
    <Button
      component={RouterLink}
      to={family ? '/fundraisers/home?tab=campaigns' : '/fundraisers/list'}
      startIcon={<ArrowBackIcon />}
      size="small"
      sx={{ alignSelf: 'flex-start' }}
    >
      {family ? t('fundraisers.view.backToHome') : t('fundraisers.view.backToList')}
    </Button>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <BackButton />
      <Card data-testid="fundraiser-campaign-not-found">
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
            {t('fundraisers.page.notFound')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('fundraisers.page.notFoundBody')}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}

/**
 * /fundraisers/{fundraiser_id}/campaign/{campaign_id}: a player's page settings for one campaign
 * (goal, reason, address, photo), its progress and share link, and the player's contacts.
 */
export function FundraiserCampaignPage() {
  const { t } = useTranslation();
  const params = useParams();
  const playerId = positiveId(params.fundraiser_id);
  const campaignId = positiveId(params.campaign_id);
  const player = useFundraiser(playerId);
  const campaign = useFundraiserCampaign(playerId, campaignId);

  const notFound = [player.error, campaign.error].some((e) => isApiError(e) && e.status === 404);
  if (!playerId || !campaignId || notFound) return <NotFound />;
  if (player.isPending || campaign.isPending) return <LoadingScreen />;
  if (player.isError || campaign.isError) {
    const retry = () => {
      void player.refetch();
      void campaign.refetch();
    };
    return <ErrorState error={player.error ?? campaign.error} onRetry={retry} />;
  }

  const p = player.data.data;
  const c = campaign.data.data;
  const name = fullName(p.firstName, p.lastName);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Stack spacing={1}>
        <BackButton />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
              {c.organizationName}
            </Typography>
            <Typography variant="h5" component="h1" data-testid="fundraiser-campaign-title">
              {t('fundraisers.page.title', { name: p.firstName, title: c.title })}
            </Typography>
          </Box>
        </Stack>
        {c.status === 'closed' ? <Alert severity="info">{t('fundraisers.page.closed')}</Alert> : null}
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Card component="section" aria-labelledby="page-settings-title">
          <CardContent>
            <Typography variant="h6" component="h2" id="page-settings-title" sx={{ mb: 0.5 }}>
              {t('fundraisers.page.settings')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {t('fundraisers.page.settingsHelp')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
              <Box sx={{ flexShrink: 0 }}>
                <PlayerPhoto playerId={p.id} name={name} avatarUrl={p.avatarUrl} canUpload={p.can.update} />
              </Box>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <PageSettingsForm key={c.id} playerId={p.id} campaign={c} playerName={p.firstName} />
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <ProgressCard campaign={c} />
          <ShareCard slug={c.slug} />
        </Box>
      </Box>
      <Suspense fallback={<LoadingScreen />}>
        <ContactsSection playerId={p.id} campaignId={c.campaignId} playerName={p.firstName} campaignStatus={c.status} />
      </Suspense>
    </Box>
  );
}
