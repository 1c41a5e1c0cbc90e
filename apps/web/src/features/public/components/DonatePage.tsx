import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { usePublicCampaign } from '../api/get-public-campaign';
import { usePublicFundraiser } from '../api/get-public-fundraiser';
import { LoadFailure, PageSkeleton } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { useDocumentTitle } from './shared/useDocumentTitle';

/**
 * `/campaigns/{slug}/donate` and `/fundraisers/{slug}/donate`. Card checkout arrives with the
 * donations release; until then this page says so plainly and leads back.
 */
export function DonatePage() {
  const { t } = useTranslation();
  const params = useParams();
  const playerSlug = params.fundraiser_slug ?? '';
  const campaignSlug = params.campaign_slug ?? '';
  const player = usePublicFundraiser(playerSlug, playerSlug !== '');
  const campaign = usePublicCampaign(campaignSlug, playerSlug === '');
  const query = playerSlug ? player : campaign;
  const target = playerSlug
    ? player.data && { name: player.data.data.name, org: player.data.data.campaign, back: `/fundraisers/${playerSlug}` }
    : campaign.data && { name: campaign.data.data.title, org: campaign.data.data, back: `/campaigns/${campaignSlug}` };
  useDocumentTitle(target ? t('public.donate.title', { name: target.name }) : undefined);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !target)
    return (
      <LoadFailure error={query.error} onRetry={() => query.refetch()} kind={playerSlug ? 'player' : 'campaign'} />
    );

  return (
    <PublicShell brand={target.org.organizationName} logoUrl={target.org.organizationLogo} narrow>
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={3}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="page-title">
              {t('public.donate.title', { name: target.name })}
            </Typography>
            <Alert severity="info" data-testid="donate-unavailable">
              <Typography sx={{ fontWeight: 600 }}>{t('public.donate.unavailableTitle')}</Typography>
              <Typography variant="body2">{t('public.donate.unavailableBody')}</Typography>
            </Alert>
            <Button
              component={RouterLink}
              to={target.back}
              variant="contained"
              startIcon={<ArrowBackIcon />}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="donate-back"
            >
              {t('public.donate.back', { name: target.name })}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
