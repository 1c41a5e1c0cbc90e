import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Figure } from '../../../../components/ui/Figure';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage, isApiError } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useFundraiser } from '../../api/get-fundraiser';
import { useResendInvitation } from '../../api/player-actions';
import { AccountStatusChip } from '../shared/Chips';
import { count, fullName, useMoney } from '../shared/format';
import { PlayerPhoto } from '../shared/PlayerPhoto';
import { CampaignsCard } from './CampaignsCard';
import { ContactsCard } from './ContactsCard';
import { DivisionsCard } from './DivisionsCard';
import { PlayerForm } from './PlayerForm';

/** Where "back" goes: staff to the player list, a family to its home. */
function useBackLink() {
  const { user } = useAuth();
  return user?.role !== 'fundraiser'
    ? { to: '/fundraisers/list', label: 'fundraisers.view.backToList' }
    : { to: '/fundraisers/home', label: 'fundraisers.view.backToHome' };
}

function NotFound() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <Card data-testid="fundraiser-not-found">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('fundraisers.view.notFound')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('fundraisers.view.notFoundBody')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={back.to}>
          {t(back.label)}
        </Button>
      </CardContent>
    </Card>
  );
}

/** /fundraisers/view/{id}: the player's details, privacy, photo, divisions, campaigns and contacts. */
export function FundraiserViewPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const back = useBackLink();
  const { id } = useParams();
  const playerId = Number(id);
  const query = useFundraiser(playerId);
  const resend = useResendInvitation();

  if (!Number.isInteger(playerId) || playerId <= 0 || (isApiError(query.error) && query.error.status === 404))
    return <NotFound />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const player = query.data.data;
  const name = fullName(player.firstName, player.lastName);
  const parent = fullName(player.parentFirstName, player.parentLastName);
  const donors = player.campaigns.reduce((n, c) => n + c.donors, 0);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {t(back.label)}
        </Button>
        <Card data-testid="player-header">
          <CardContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
              <PlayerPhoto
                playerId={player.id}
                name={name}
                avatarUrl={player.avatarUrl}
                canUpload={player.can.update}
              />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography variant="h5" component="h1">
                    {name}
                  </Typography>
                  <AccountStatusChip status={player.accountStatus} />
                </Stack>
                <Typography color="text.secondary">
                  {parent ? t('fundraisers.view.parentLine', { parent, email: player.email }) : player.email}
                </Typography>
                <Stack direction="row" spacing={3} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
                  <Figure
                    label={t('fundraisers.fields.raised')}
                    value={money(player.raisedCents)}
                    testId="player-raised"
                  />
                  <Figure label={t('fundraisers.fields.donors')} value={count(donors)} />
                  <Figure label={t('fundraisers.fields.campaigns')} value={count(player.campaigns.length)} />
                  <Figure label={t('fundraisers.contacts.title')} value={count(player.contacts.length)} />
                </Stack>
              </Box>
              {player.can.resendInvitation ? (
                <Button
                  variant="outlined"
                  startIcon={<SendIcon />}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(player.id, {
                      onSuccess: () => toast.success(t('fundraisers.view.invitationSent')),
                      onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
                    })
                  }
                  data-testid="resend-invitation"
                  sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, flexShrink: 0 }}
                >
                  {t('fundraisers.view.resendInvitation')}
                </Button>
              ) : null}
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('fundraisers.view.details')}
            </Typography>
            <PlayerForm key={player.id} player={player} />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <DivisionsCard player={player} />
          <ContactsCard player={player} />
        </Box>
      </Box>
      <CampaignsCard player={player} />
    </Box>
  );
}
