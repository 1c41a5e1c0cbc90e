import { STEP_NAMES } from '@fc/contracts';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** "Step n of 6" over a small bar: how far the registrant got (a submitted record is at 6). */
export function StepProgress({ step, submitted, width = 120 }: { step: number; submitted: boolean; width?: number }) {
  const { t } = useTranslation();
  const total = STEP_NAMES.length;
  const n = submitted ? total : Math.min(Math.max(step, 1), total);
  const label = t('registrations.progress', { step: n, total });
  return (
    <Box sx={{ width, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(n / total) * 100}
        aria-label={label}
        color={submitted ? 'success' : 'primary'}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
