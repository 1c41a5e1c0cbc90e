import type { MyCampaign } from '@fc/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SettingsIcon from '@mui/icons-material/Tune';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Figure } from '../../../../components/ui/Figure';
import { count, fullName, useMoney } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';

/** One player on one campaign: progress, donors, contacts, and the two things a family does next. */
export function CampaignCard({ campaign: c }: { campaign: MyCampaign }) {
  const { t } = useTranslation();
  const money = useMoney();
  const player = fullName(c.playerFirstName, c.playerLastName);
  const titleId = `campaign-${c.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid={`my-campaign-${c.playerId}-${c.campaignId}`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
              {player}
            </Typography>
            <Typography variant="h6" component="h3" id={titleId}>
              {c.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {c.organizationName}
            </Typography>
          </Box>
          {c.status !== 'active' ? (
            <Chip size="small" variant="outlined" label={t(`fundraisers.campaignStatus.${c.status}`)} />
          ) : null}
        </Stack>
        <Box sx={{ my: 2 }}>
          <GoalProgress raisedCents={c.raisedCents} goalCents={c.goalCents} testId="campaign-progress" />
        </Box>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Figure label={t('fundraisers.fields.raised')} value={money(c.raisedCents)} />
          <Figure label={t('fundraisers.fields.donors')} value={count(c.donors)} />
          <Figure label={t('fundraisers.contacts.title')} value={count(c.contacts)} />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<SettingsIcon />}
          component={RouterLink}
          to={`/fundraisers/${c.playerId}/campaign/${c.campaignId}`}
          aria-label={t('fundraisers.home.manageFor', { player, title: c.title })}
          data-testid={`manage-page-${c.playerId}-${c.campaignId}`}
        >
          {t('fundraisers.home.manage')}
        </Button>
        <Button
          size="small"
          startIcon={<OpenInNewIcon />}
          component={RouterLink}
          to={`/fundraisers/${c.slug}`}
          reloadDocument
          aria-label={t('fundraisers.home.publicFor', { player, title: c.title })}
          data-testid={`public-page-${c.playerId}-${c.campaignId}`}
          sx={{ ml: '0 !important' }}
        >
          {t('fundraisers.home.public')}
        </Button>
      </CardActions>
    </Card>
  );
}
