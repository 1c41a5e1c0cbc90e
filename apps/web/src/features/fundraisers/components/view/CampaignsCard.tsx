import type { FundraiserDetail } from '@fc/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SettingsIcon from '@mui/icons-material/Tune';
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/ui/States';
import { count } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';

/** The player's campaigns: goal, raised, donors, and links to the page settings and the public page. */
export function CampaignsCard({ player }: { player: FundraiserDetail }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="player-campaigns-title" data-testid="player-campaigns">
      <CardContent>
        <Typography variant="h6" component="h2" id="player-campaigns-title" sx={{ mb: 1 }}>
          {t('fundraisers.view.campaigns')}
        </Typography>
        {player.campaigns.length === 0 ? (
          <EmptyState message={t('fundraisers.view.noCampaigns')} />
        ) : (
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {player.campaigns.map((c, i) => (
              <Fragment key={c.id}>
                {i > 0 ? <Divider component="li" aria-hidden /> : null}
                <Box
                  component="li"
                  data-testid={`player-campaign-${c.campaignId}`}
                  sx={{
                    display: 'grid',
                    gap: { xs: 1.5, md: 3 },
                    py: 2,
                    alignItems: 'center',
                    gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 2fr) auto' },
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
                      {c.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {c.organizationName} ·{' '}
                      {t('fundraisers.view.donorsCount', { count: c.donors, n: count(c.donors) })}
                    </Typography>
                  </Box>
                  <GoalProgress raisedCents={c.raisedCents} goalCents={c.goalCents} />
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                    {player.can.update ? (
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<SettingsIcon />}
                        component={RouterLink}
                        to={`/fundraisers/${player.id}/campaign/${c.campaignId}`}
                        aria-label={t('fundraisers.home.manageNamed', { title: c.title })}
                        data-testid={`manage-page-${c.campaignId}`}
                      >
                        {t('fundraisers.home.manage')}
                      </Button>
                    ) : null}
                    <Button
                      size="small"
                      startIcon={<OpenInNewIcon />}
                      component={RouterLink}
                      to={`/fundraisers/${c.slug}`}
                      aria-label={t('fundraisers.home.publicNamed', { title: c.title })}
                      data-testid={`public-page-${c.campaignId}`}
                    >
                      {t('fundraisers.home.public')}
                    </Button>
                  </Stack>
                </Box>
              </Fragment>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
