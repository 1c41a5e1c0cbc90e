import type { MyPlayer } from '@fc/contracts';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Avatar, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { count, fullName, useMoney } from '../shared/format';

/** One of the family's players: photo, name, divisions, amount raised. */
export function PlayerCard({ player }: { player: MyPlayer }) {
  const { t } = useTranslation();
  const money = useMoney();
  const name = fullName(player.firstName, player.lastName);
  return (
    <Card
      component="article"
      aria-labelledby={`player-${player.id}-name`}
      data-testid={`my-player-${player.id}`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexGrow: 1 }}>
        <Avatar
          src={player.avatarUrl ?? undefined}
          alt={t('avatar.alt', { name })}
          sx={{ width: 64, height: 64, fontSize: 26 }}
        >
          {player.firstName.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" id={`player-${player.id}-name`}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {player.divisionNames || t('fundraisers.home.noDivision')}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <Box component="span" sx={{ fontWeight: 600 }} data-testid={`my-player-${player.id}-raised`}>
              {money(player.raisedCents)}
            </Box>{' '}
            {t('fundraisers.home.raisedIn', { count: player.campaigns, n: count(player.campaigns) })}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          size="small"
          startIcon={<EditIcon />}
          component={RouterLink}
          to={`/fundraisers/view/${player.id}`}
          aria-label={t('fundraisers.home.editNamed', { name })}
          data-testid={`edit-player-${player.id}`}
        >
          {t('fundraisers.home.edit')}
        </Button>
      </CardActions>
    </Card>
  );
}
