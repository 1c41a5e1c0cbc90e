import { percentOfGoal } from '@fc/contracts';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMoney, usePercent } from './format';

interface GoalProgressProps {
  raisedCents: number;
  goalCents: number;
  /** Compact: only the bar and the percentage (grid cells). */
  dense?: boolean;
  testId?: string;
}

/** Raised against the goal: a labelled bar and, unless dense, "$x of $y". */
export function GoalProgress({ raisedCents, goalCents, dense, testId }: GoalProgressProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = usePercent();
  const pct = percentOfGoal(raisedCents, goalCents);
  const label = t('campaigns.progress.label', {
    raised: money(raisedCents, { whole: true }),
    goal: money(goalCents, { whole: true }),
    pct: percent(pct),
  });
  return (
    <Box sx={{ width: '100%' }} data-testid={testId}>
      {dense ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="body2">
            {t('campaigns.progress.of', {
              raised: money(raisedCents, { whole: true }),
              goal: money(goalCents, { whole: true }),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {percent(pct)}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={Math.min(pct, 100)}
          aria-label={label}
          color={pct >= 100 ? 'success' : 'primary'}
          sx={{ flexGrow: 1, height: dense ? 6 : 8, borderRadius: 4 }}
        />
        {dense ? (
          <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
            {percent(pct)}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
