import type { FundraiserCampaign } from '@fc/contracts';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { count, useMoney } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';

/** What the player's page has raised so far (completed donations minus refunds). */
export function ProgressCard({ campaign }: { campaign: FundraiserCampaign }) {
  const { t } = useTranslation();
  const money = useMoney();
  const figures = [
    { key: 'raised', label: t('fundraisers.fields.raised'), value: money(campaign.raisedCents) },
    { key: 'donors', label: t('fundraisers.fields.donors'), value: count(campaign.donors) },
    {
      key: 'goal',
      label: t('fundraisers.fields.goal'),
      value: campaign.goalCents > 0 ? money(campaign.goalCents) : '—',
    },
  ];
  return (
    <Card data-testid="page-progress">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('fundraisers.fields.progress')}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {figures.map((f) => (
            <Box key={f.key}>
              <Typography variant="caption" color="text.secondary" component="div">
                {f.label}
              </Typography>
              <Typography variant="h6" component="div" data-testid={`page-progress-${f.key}`}>
                {f.value}
              </Typography>
            </Box>
          ))}
        </Stack>
        <GoalProgress raisedCents={campaign.raisedCents} goalCents={campaign.goalCents} />
      </CardContent>
    </Card>
  );
}
