import { Box, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/States';
import { useBandAccount, useTeamBand } from '../../api/band';
import { BandLogo } from '../BandLogo';
import { AccountCard } from './AccountCard';
import { PostHistory } from './PostHistory';
import { TeamBandCard } from './TeamBandCard';
import { useConnectPopup } from './useConnectPopup';

export interface BandTabProps {
  /** The team (or division) node whose band this is. */
  node: { id: number; name: string };
}

/**
 * A team's BAND tab: the signed-in user's BAND account (link, health, disconnect), the team's
 * band (pick from the user's bands, unlink) and the team's posts with their state.
 */
export function BandTab({ node }: BandTabProps) {
  const { t } = useTranslation();
  const account = useBandAccount();
  const team = useTeamBand(node.id);
  const connect = useConnectPopup(node.id);

  return (
    <Stack spacing={3} data-testid="band-tab">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <BandLogo size={32} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {t('band.panel.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('band.panel.intro')}
          </Typography>
        </Box>
      </Stack>
      {account.isError ? (
        <ErrorState error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <AccountCard account={account.data} loading={account.isPending} connect={connect} />
      )}
      <Divider />
      {team.isPending ? (
        <Skeleton variant="rounded" height={96} aria-label={t('band.panel.loading')} />
      ) : team.isError ? (
        <ErrorState error={team.error} onRetry={() => void team.refetch()} />
      ) : (
        <TeamBandCard organizationId={node.id} team={team.data} account={account.data} />
      )}
      <Divider />
      <PostHistory organizationId={node.id} />
    </Stack>
  );
}
