import type { FundraiserDetail } from '@fc/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SettingsIcon from '@mui/icons-material/Tune';
import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/ui/States';
import { count, useMoney } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';

/** The player's campaigns: goal, raised, donors, and links to the page settings and the public page. */
export function CampaignsCard({ player }: { player: FundraiserDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card data-testid="player-campaigns">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('fundraisers.view.campaigns')}
        </Typography>
        {player.campaigns.length === 0 ? (
          <EmptyState message={t('fundraisers.view.noCampaigns')} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('fundraisers.view.campaigns')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fundraisers.fields.campaign')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, minWidth: 200 }}>
                    {t('fundraisers.fields.progress')}
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('fundraisers.fields.donors')}
                  </TableCell>
                  <TableCell align="right">{t('common.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {player.campaigns.map((c) => (
                  <TableRow key={c.id} data-testid={`player-campaign-${c.campaignId}`}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {c.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {c.organizationName}
                      </Typography>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ display: { md: 'none' } }}
                      >
                        {c.goalCents > 0
                          ? t('fundraisers.progress.ofGoal', { raised: money(c.raisedCents), goal: money(c.goalCents) })
                          : t('fundraisers.progress.noGoal', { raised: money(c.raisedCents) })}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      <GoalProgress raisedCents={c.raisedCents} goalCents={c.goalCents} />
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {count(c.donors)}
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
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
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
