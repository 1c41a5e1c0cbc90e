import { percentOfGoal } from '@fc/contracts';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePercent } from '../../../../lib/money';
import { useMoney } from './format';

interface GoalProgressProps {
  raisedCents: number;
  goalCents: number;
  /** `data-testid` of the block. */
  testId?: string;
}

/** "$120 raised of $300" with a bar; a player without a goal sees only what was raised. */
export function GoalProgress({ raisedCents, goalCents, testId }: GoalProgressProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = usePercent();
  const pct = percentOfGoal(raisedCents, goalCents);
  const label =
    goalCents > 0
      ? t('fundraisers.progress.ofGoal', { raised: money(raisedCents), goal: money(goalCents) })
      : t('fundraisers.progress.noGoal', { raised: money(raisedCents) });
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="body2">{label}</Typography>
        {goalCents > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {percent(pct)}
          </Typography>
        ) : null}
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, pct)}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
