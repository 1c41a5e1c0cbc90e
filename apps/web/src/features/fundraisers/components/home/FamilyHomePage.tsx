import GroupsIcon from '@mui/icons-material/Groups';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useFamilyHome } from '../../api/get-family-home';
import { CampaignCard } from './CampaignCard';
import { PlayerCard } from './PlayerCard';

const cardGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** No players yet: how a family gets here (their team invites them). */
function NoPlayers() {
  const { t } = useTranslation();
  return (
    <Card data-testid="family-empty">
      <CardContent sx={{ textAlign: 'center', py: 6, px: { xs: 2, sm: 6 } }}>
        <GroupsIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {t('fundraisers.home.emptyTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {t('fundraisers.home.emptyBody')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {t('fundraisers.home.emptyHelp')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** /fundraisers/home: the signed-in parent's players and their campaigns (GET /admin/user/campaigns). */
export function FamilyHomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const home = useFamilyHome();
  const [params] = useSearchParams();
  const campaignsHeading = useRef<HTMLHeadingElement>(null);
  const wantCampaigns = params.get('tab') === 'campaigns';
  const loaded = home.isSuccess;

  // "My Campaigns" in the menu opens this page at its campaigns section.
  useEffect(() => {
    if (!wantCampaigns || !loaded) return;
    const heading = campaignsHeading.current;
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [wantCampaigns, loaded]);

  const header = (
    <PageHeader
      title={t('fundraisers.home.title')}
      subtitle={user ? t('fundraisers.home.subtitle', { name: user.firstName }) : undefined}
    />
  );
  if (home.isPending)
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );
  if (home.isError)
    return (
      <>
        {header}
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      </>
    );

  const { players, campaigns } = home.data.data;
  return (
    <>
      {header}
      <Box component="section" aria-labelledby="my-players-title" sx={{ mb: 4 }} data-testid="my-players">
        <Typography variant="h6" component="h2" id="my-players-title" sx={{ mb: 2 }}>
          {t('nav.myPlayers')}
        </Typography>
        {players.length === 0 ? (
          <NoPlayers />
        ) : (
          <Box sx={cardGrid}>
            {players.map((p) => (
              <PlayerCard key={p.id} player={p} />
            ))}
          </Box>
        )}
      </Box>
      {players.length > 0 ? (
        <Box component="section" aria-labelledby="my-campaigns-title" data-testid="my-campaigns">
          <Typography
            variant="h6"
            component="h2"
            id="my-campaigns-title"
            ref={campaignsHeading}
            tabIndex={-1}
            sx={{ mb: 2, outline: 'none', scrollMarginTop: 96 }}
          >
            {t('nav.myCampaigns')}
          </Typography>
          {campaigns.length === 0 ? (
            <Card>
              <EmptyState message={t('fundraisers.home.noCampaigns')} />
            </Card>
          ) : (
            <Box sx={cardGrid}>
              {campaigns.map((c) => (
                <CampaignCard key={c.id} campaign={c} />
              ))}
            </Box>
          )}
        </Box>
      ) : null}
    </>
  );
}
