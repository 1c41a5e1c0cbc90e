import type { RegistrationStatus } from '@fc/contracts';
import { Chip, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOR = {
  in_progress: 'default',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
} as const;

/** Filled chips readable at WCAG AA in both skins (MUI's orange and dark-skin red are too light for their text). */
const readable = (theme: Theme) => ({
  '&.MuiChip-filled.MuiChip-colorError': { bgcolor: 'error.dark', color: '#fff' },
  '&.MuiChip-filled.MuiChip-colorWarning': {
    bgcolor: theme.palette.mode === 'light' ? 'warning.light' : 'warning.main',
    color: 'rgba(0, 0, 0, 0.87)',
  },
});

/** Where a record is: in progress (not submitted), then its decision. */
export function RegistrationStatusChip({ status, testId }: { status: RegistrationStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'withdrawn' ? 'outlined' : 'filled'}
      label={t(`registrations.status.${status}`)}
      sx={readable}
      data-testid={testId}
    />
  );
}
