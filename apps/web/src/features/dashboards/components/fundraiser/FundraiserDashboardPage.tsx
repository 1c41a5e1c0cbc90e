import type { FundraiserDashboard } from '@fc/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Figure } from '../../../../components/ui/Figure';
import { useFundraiserDashboard } from '../../api/dashboards';
import { DashboardFrame } from '../shared/DashboardFrame';
import { percentOf, useCount, useMoney, usePercent } from '../shared/format';
import { useDaysLeft } from '../shared/Lists';
import { ShareTools } from './ShareTools';

type Player = FundraiserDashboard['players'][number];

/** Where the next step is done: accepting the invitation, or the player's campaign page. */
export function nextStepPath(p: Player): string {
  if (p.nextStep === 'accept') return `/onboarding/campaign/accept-invite/${p.campaignFundraiserId}`;
  return `/fundraisers/${p.playerId}/campaign/${p.campaignId}`;
}

/** `/dashboard/fundraiser`: each of the family's players in each campaign, and what to do next. */
export function FundraiserDashboardPage() {
  const { t } = useTranslation();
  const result = useFundraiserDashboard();
  return (
    <DashboardFrame
      title={t('dashboards.fundraiser.title')}
      subtitle={t('dashboards.fundraiser.subtitle')}
      query={result}
    >
      {(d) =>
        d.players.length === 0 ? (
          <Alert severity="info" data-testid="fundraiser-empty">
            {t('dashboards.fundraiser.empty')}
          </Alert>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {d.players.map((p) => (
              <PlayerCampaign key={p.campaignFundraiserId} p={p} />
            ))}
          </Box>
        )
      }
    </DashboardFrame>
  );
}

function PlayerCampaign({ p }: { p: Player }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const percent = usePercent();
  const daysLeft = useDaysLeft();
  const pct = percentOf(p.raisedCents, p.goalCents);
  const titleId = `fr-${p.campaignFundraiserId}`;
  const progress =
    pct === null
      ? t('dashboards.node.raisedNoGoal', { raised: money(p.raisedCents) })
      : t('dashboards.node.raisedOfGoal', { raised: money(p.raisedCents), goal: money(p.goalCents) });
  return (
    <Card component="article" aria-labelledby={titleId} data-testid={`fr-card-${p.campaignFundraiserId}`}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
              {p.playerName}
            </Typography>
            <Typography variant="h6" component="h2" id={titleId}>
              {p.campaignTitle}
            </Typography>
          </Box>
          <Chip size="small" variant="outlined" label={daysLeft(p.daysLeft)} />
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2">{progress}</Typography>
          {pct !== null ? (
            <Typography variant="body2" color="text.secondary">
              {percent(pct)}
            </Typography>
          ) : null}
        </Stack>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, pct ?? 0)}
          aria-label={progress}
          sx={{ height: 8, borderRadius: 4, my: 1 }}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
          {t('dashboards.fundraiser.raisedHelp')}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <Figure label={t('dashboards.campaigns.donors')} value={count(p.donors)} />
          <Figure label={t('dashboards.fundraiser.contacts')} value={count(p.contacts.total)} />
          <Figure label={t('dashboards.funnel.invited')} value={count(p.contacts.invited)} />
          <Figure label={t('dashboards.funnel.opened')} value={count(p.contacts.opened)} />
          <Figure label={t('dashboards.funnel.donated')} value={count(p.contacts.donated)} />
        </Stack>
        <ShareTools slug={p.playerSlug} player={p.playerName} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, display: 'block' }}>
        <Typography variant="body2" sx={{ mb: 1 }} data-testid={`next-step-text-${p.campaignFundraiserId}`}>
          {t(`dashboards.fundraiser.steps.${p.nextStep}.text`)}
        </Typography>
        {p.nextStep !== 'done' ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={nextStepPath(p)}
            // The invitation page is the server's (apps/site), not a route of this app.
            reloadDocument={p.nextStep === 'accept'}
            data-testid={`next-step-${p.campaignFundraiserId}`}
            aria-label={t('dashboards.fundraiser.stepFor', {
              action: t(`dashboards.fundraiser.steps.${p.nextStep}.action`),
              player: p.playerName,
            })}
          >
            {t(`dashboards.fundraiser.steps.${p.nextStep}.action`)}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}
