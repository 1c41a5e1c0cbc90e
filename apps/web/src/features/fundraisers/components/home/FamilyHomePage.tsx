import type { MyPlayer } from '@fc/contracts';
import GroupsIcon from '@mui/icons-material/Groups';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
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

/**
 * /fundraisers/home: the signed-in parent's players ("My Players"), and at ?tab=campaigns their
 * campaign pages ("My Campaigns"): the menu's two entries, each its own view (issue 12: both
 * opened the same page), from one call (GET /admin/user/campaigns).
 */
export function FamilyHomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const home = useFamilyHome();
  const [params] = useSearchParams();
  const campaignsHeading = useRef<HTMLHeadingElement>(null);
  const view: 'players' | 'campaigns' = params.get('tab') === 'campaigns' ? 'campaigns' : 'players';
  const wantCampaigns = view === 'campaigns';
  const loaded = home.isSuccess;

  // "My Campaigns" moves the focus to its heading (a screen reader hears the new view).
  useEffect(() => {
    if (!wantCampaigns || !loaded) return;
    const heading = campaignsHeading.current;
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [wantCampaigns, loaded]);

  const header = (
    <>
      <PageHeader
        title={t('fundraisers.home.title')}
        subtitle={user ? t('fundraisers.home.subtitle', { name: user.firstName }) : undefined}
      />
      <Tabs value={view} aria-label={t('fundraisers.home.title')} sx={{ mb: 3 }}>
        <Tab
          value="players"
          label={t('nav.myPlayers')}
          component={RouterLink}
          to="/fundraisers/home"
          data-testid="family-tab-players"
        />
        <Tab
          value="campaigns"
          label={t('nav.myCampaigns')}
          component={RouterLink}
          to="/fundraisers/home?tab=campaigns"
          data-testid="family-tab-campaigns"
        />
      </Tabs>
    </>
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
  if (view === 'players' || players.length === 0)
    return (
      <>
        {header}
        <PlayersSection players={players} />
      </>
    );
  return (
    <>
      {header}
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
    </>
  );
}

/** "My Players": a card per player (photo, divisions, raised), or how a family gets here. */
function PlayersSection({ players }: { players: MyPlayer[] }) {
  const { t } = useTranslation();
  return (
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
  );
}
