import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent, formatUsd, percentOfGoal } from '../../format';

interface ProgressSummaryProps {
  raisedCents: number;
  goalCents: number;
  donors: number;
}

/** Amount raised, the goal, an accessible progress bar and the number of donors. */
export function ProgressSummary({ raisedCents, goalCents, donors }: ProgressSummaryProps) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const lng = i18n.language;
  const pct = percentOfGoal(raisedCents, goalCents);
  const raised = formatUsd(raisedCents, lng);
  const goal = formatUsd(goalCents, lng);
  const percent = formatPercent(pct, lng);
  return (
    <Stack spacing={1.5} data-testid="progress-summary">
      <Box>
        <Typography component="p" variant="h4" sx={{ fontWeight: 700 }} data-testid="raised-amount">
          {raised}
        </Typography>
        <Typography color="text.secondary" data-testid="goal-amount">
          {goalCents > 0 ? t('public.progress.ofGoal', { goal }) : t('public.progress.raised')}
        </Typography>
      </Box>
      {goalCents > 0 ? (
        <>
          <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
            {t('public.progress.label')}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, pct)}
            aria-labelledby={labelId}
            aria-valuetext={t('public.progress.valueText', { raised, goal, pct: percent })}
            sx={{ height: 10, borderRadius: 5 }}
            data-testid="goal-progress"
          />
        </>
      ) : null}
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        {goalCents > 0 ? (
          <Typography variant="body2" data-testid="goal-percent">
            {t('public.progress.percent', { pct: percent })}
          </Typography>
        ) : null}
        <Typography variant="body2" data-testid="donor-count">
          {t('public.progress.donors', { count: donors, formatted: formatCount(donors) })}
        </Typography>
      </Stack>
    </Stack>
  );
}
